--
-- Name: watchlist_rules _quota_row_bytes_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _quota_row_bytes_insert AFTER INSERT ON public.watchlist_rules REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.check_quotas('bytes');

--
-- Name: watchlists _quota_row_bytes_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _quota_row_bytes_insert AFTER INSERT ON public.watchlists REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.check_quotas('bytes');

--
-- Name: watchlist_rules _quota_row_bytes_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _quota_row_bytes_update AFTER UPDATE ON public.watchlist_rules REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.check_quotas('bytes');

--
-- Name: watchlists _quota_row_bytes_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _quota_row_bytes_update AFTER UPDATE ON public.watchlists REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.check_quotas('bytes');

--
-- Name: watchlist_rules _stamp_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_insert BEFORE INSERT ON public.watchlist_rules FOR EACH ROW EXECUTE FUNCTION private.stamp_row();

--
-- Name: watchlists _stamp_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_insert BEFORE INSERT ON public.watchlists FOR EACH ROW EXECUTE FUNCTION private.stamp_row();

--
-- Name: watchlist_rules _stamp_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_update BEFORE UPDATE ON public.watchlist_rules FOR EACH ROW WHEN ((old.* IS DISTINCT FROM new.*)) EXECUTE FUNCTION private.stamp_row();

--
-- Name: watchlists _stamp_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _stamp_update BEFORE UPDATE ON public.watchlists FOR EACH ROW WHEN (((((((((((((((((((((((((((((old.id IS DISTINCT FROM new.id) OR (old.owner_id IS DISTINCT FROM new.owner_id)) OR (old.type IS DISTINCT FROM new.type)) OR (old.title IS DISTINCT FROM new.title)) OR (old.location IS DISTINCT FROM new.location)) OR (old.location_display_name IS DISTINCT FROM new.location_display_name)) OR (old.start_date IS DISTINCT FROM new.start_date)) OR (old.end_date IS DISTINCT FROM new.end_date)) OR (old.observed_count IS DISTINCT FROM new.observed_count)) OR (old.species_count IS DISTINCT FROM new.species_count)) OR (old.cover_image_path IS DISTINCT FROM new.cover_image_path)) OR (old.species_rule_enabled IS DISTINCT FROM new.species_rule_enabled)) OR (old.species_rule_shape_id IS DISTINCT FROM new.species_rule_shape_id)) OR (old.location_rule_enabled IS DISTINCT FROM new.location_rule_enabled)) OR (old.location_rule_lat IS DISTINCT FROM new.location_rule_lat)) OR (old.location_rule_lon IS DISTINCT FROM new.location_rule_lon)) OR (old.location_rule_radius_km IS DISTINCT FROM new.location_rule_radius_km)) OR (old.location_rule_display_name IS DISTINCT FROM new.location_rule_display_name)) OR (old.date_rule_enabled IS DISTINCT FROM new.date_rule_enabled)) OR (old.date_rule_start_date IS DISTINCT FROM new.date_rule_start_date)) OR (old.date_rule_end_date IS DISTINCT FROM new.date_rule_end_date)) OR (old.sync_status IS DISTINCT FROM new.sync_status)) OR (old.last_synced_at IS DISTINCT FROM new.last_synced_at)) OR (old.deleted_at IS DISTINCT FROM new.deleted_at)) OR (old.created_at IS DISTINCT FROM new.created_at)) OR (old.updated_at IS DISTINCT FROM new.updated_at)) OR (old.row_version IS DISTINCT FROM new.row_version)) OR (old.sync_xid IS DISTINCT FROM new.sync_xid))) EXECUTE FUNCTION private.stamp_row();

--
-- Name: watchlist_rules _sync_deletions; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_deletions AFTER DELETE ON public.watchlist_rules REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.record_sync_deletions();

--
-- Name: watchlists _sync_deletions; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_deletions AFTER DELETE ON public.watchlists REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.record_sync_deletions();

--
-- Name: watchlist_rules _sync_fields; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_fields AFTER UPDATE ON public.watchlist_rules REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.record_sync_fields();

--
-- Name: watchlists _sync_fields; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_fields AFTER UPDATE ON public.watchlists REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.record_sync_fields();

--
-- Name: watchlist_rules _sync_moves; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_moves AFTER UPDATE OF watchlist_id ON public.watchlist_rules FOR EACH ROW WHEN ((old.watchlist_id IS DISTINCT FROM new.watchlist_id)) EXECUTE FUNCTION private.record_sync_moves();

--
-- Name: watchlists _sync_moves; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_moves AFTER UPDATE OF id, owner_id ON public.watchlists FOR EACH ROW WHEN (((old.id IS DISTINCT FROM new.id) OR (old.owner_id IS DISTINCT FROM new.owner_id))) EXECUTE FUNCTION private.record_sync_moves();

--
-- Name: watchlist_rules _sync_xid_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_xid_insert BEFORE INSERT ON public.watchlist_rules FOR EACH ROW WHEN ((new.sync_xid IS DISTINCT FROM pg_current_xact_id())) EXECUTE FUNCTION private.stamp_sync_xid();

--
-- Name: watchlists _sync_xid_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_xid_insert BEFORE INSERT ON public.watchlists FOR EACH ROW WHEN ((new.sync_xid IS DISTINCT FROM pg_current_xact_id())) EXECUTE FUNCTION private.stamp_sync_xid();

--
-- Name: watchlist_rules _sync_xid_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_xid_update BEFORE UPDATE ON public.watchlist_rules FOR EACH ROW WHEN ((old.row_version IS DISTINCT FROM new.row_version)) EXECUTE FUNCTION private.stamp_sync_xid();

--
-- Name: watchlists _sync_xid_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER _sync_xid_update BEFORE UPDATE ON public.watchlists FOR EACH ROW WHEN ((old.row_version IS DISTINCT FROM new.row_version)) EXECUTE FUNCTION private.stamp_sync_xid();

--
-- Name: watchlists audit_watchlists_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER audit_watchlists_delete BEFORE DELETE ON public.watchlists FOR EACH ROW EXECUTE FUNCTION audit.log_changes();

--
-- Name: watchlists audit_watchlists_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER audit_watchlists_insert AFTER INSERT ON public.watchlists REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit.log_rows();

--
-- Name: watchlists audit_watchlists_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER audit_watchlists_update AFTER UPDATE ON public.watchlists REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit.log_rows();

--
-- Name: watchlist_rules outbox_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_delete AFTER DELETE ON public.watchlist_rules REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox.capture_changes();

--
-- Name: watchlist_rules outbox_doorbell; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_doorbell AFTER INSERT OR DELETE OR UPDATE ON public.watchlist_rules FOR EACH STATEMENT EXECUTE FUNCTION outbox.ring_doorbell();

--
-- Name: watchlist_rules outbox_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_insert AFTER INSERT ON public.watchlist_rules REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox.capture_changes();

--
-- Name: watchlist_rules outbox_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER outbox_update AFTER UPDATE ON public.watchlist_rules REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION outbox.capture_changes();

--
-- Name: watchlists sync_marks_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER sync_marks_delete AFTER DELETE ON public.watchlists REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.record_sync_marks();

--
-- Name: watchlists sync_marks_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER sync_marks_insert AFTER INSERT ON public.watchlists REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.record_sync_marks();

--
-- Name: watchlists sync_marks_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER sync_marks_update AFTER UPDATE ON public.watchlists REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.record_sync_marks();
