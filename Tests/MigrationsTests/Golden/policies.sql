--
-- Name: watchlist_rules watchlist_rules_delete; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY watchlist_rules_delete ON public.watchlist_rules FOR DELETE TO authenticated USING (private.parent_allows('watchlist_rules'::text, 'writable'::text, NULL::text, watchlist_id));

--
-- Name: watchlist_rules watchlist_rules_insert; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY watchlist_rules_insert ON public.watchlist_rules FOR INSERT TO authenticated WITH CHECK (((watchlist_id = ANY (( SELECT private.caller_keys('watchlist_writer'::text) AS caller_keys)::uuid[])) AND is_active));

--
-- Name: watchlist_rules watchlist_rules_select; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY watchlist_rules_select ON public.watchlist_rules FOR SELECT TO authenticated USING ((watchlist_id = ANY (( SELECT private.caller_keys('watchlist'::text) AS caller_keys)::uuid[])));

--
-- Name: watchlist_rules watchlist_rules_update; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY watchlist_rules_update ON public.watchlist_rules FOR UPDATE TO authenticated USING (private.parent_allows('watchlist_rules'::text, 'writable'::text, NULL::text, watchlist_id));

--
-- Name: watchlists watchlists_delete; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY watchlists_delete ON public.watchlists FOR DELETE TO authenticated USING ((owner_id = ( SELECT auth.uid() AS uid)));

--
-- Name: watchlists watchlists_insert; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY watchlists_insert ON public.watchlists FOR INSERT TO authenticated WITH CHECK (((owner_id = ( SELECT auth.uid() AS uid)) OR ( SELECT private.is_admin() AS is_admin)));

--
-- Name: watchlists watchlists_select; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY watchlists_select ON public.watchlists FOR SELECT TO authenticated USING (((owner_id = ( SELECT auth.uid() AS uid)) OR (id = ANY (( SELECT private.caller_keys('watchlist'::text) AS caller_keys)::uuid[]))));

--
-- Name: watchlists watchlists_update; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY watchlists_update ON public.watchlists FOR UPDATE TO authenticated USING (((owner_id = ( SELECT auth.uid() AS uid)) OR ( SELECT private.is_admin() AS is_admin)));
