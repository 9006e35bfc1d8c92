--
-- Name: watchlist_rules_sync_xid_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX watchlist_rules_sync_xid_idx ON public.watchlist_rules USING btree (sync_xid, id);

--
-- Name: watchlist_rules_watchlist_id_sync_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX watchlist_rules_watchlist_id_sync_idx ON public.watchlist_rules USING btree (watchlist_id, sync_xid, id);

--
-- Name: watchlists_owner_id_sync_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX watchlists_owner_id_sync_idx ON public.watchlists USING btree (owner_id, sync_xid, id);

--
-- Name: watchlists_sync_xid_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX watchlists_sync_xid_idx ON public.watchlists USING btree (sync_xid, id);
