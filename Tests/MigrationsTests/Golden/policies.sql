--
-- Name: watchlist_rules watchlist_rules_select; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY watchlist_rules_select ON public.watchlist_rules FOR SELECT TO authenticated USING ((watchlist_id = ANY (( SELECT private.caller_keys('watchlist'::text) AS caller_keys)::uuid[])));

--
-- Name: watchlists watchlists_select; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY watchlists_select ON public.watchlists FOR SELECT TO authenticated USING (((owner_id = ( SELECT auth.uid() AS uid)) OR (id = ANY (( SELECT private.caller_keys('watchlist'::text) AS caller_keys)::uuid[]))));
