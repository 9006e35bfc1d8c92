--
-- Name: watchlists_log; Type: TABLE; Schema: audit; Owner: -
--

CREATE TABLE audit.watchlists_log (
    id bigint DEFAULT nextval('audit.log_id_seq'::regclass) NOT NULL,
    table_name text DEFAULT 'watchlists'::text NOT NULL,
    record_pk uuid NOT NULL,
    action text NOT NULL,
    changed_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    changed_by uuid DEFAULT auth.uid(),
    old_row jsonb,
    new_row jsonb,
    dependents jsonb,
    CONSTRAINT log_action_check CHECK ((action = ANY (ARRAY['INSERT'::text, 'UPDATE'::text, 'DELETE'::text, 'RESTORE'::text])))
);

--
-- Name: TABLE watchlists_log; Type: COMMENT; Schema: audit; Owner: -
--

COMMENT ON TABLE audit.watchlists_log IS 'Audit trail of public.watchlists: one row per INSERT, real UPDATE, DELETE and RESTORE. Visible to the user named by owner_id in old_row or new_row, and to admins.';

--
-- Name: watchlists_log; Type: TABLE ATTACH; Schema: audit; Owner: -
--

ALTER TABLE ONLY audit.log ATTACH PARTITION audit.watchlists_log FOR VALUES IN ('watchlists');

--
-- Name: watchlists_log watchlists_log_pkey; Type: CONSTRAINT; Schema: audit; Owner: -
--

ALTER TABLE ONLY audit.watchlists_log
    ADD CONSTRAINT watchlists_log_pkey PRIMARY KEY (id);

--
-- Name: watchlists_log_action_idx; Type: INDEX; Schema: audit; Owner: -
--

CREATE INDEX watchlists_log_action_idx ON audit.watchlists_log USING btree (action);

--
-- Name: watchlists_log_changed_at_idx; Type: INDEX; Schema: audit; Owner: -
--

CREATE INDEX watchlists_log_changed_at_idx ON audit.watchlists_log USING btree (changed_at DESC);

--
-- Name: watchlists_log_changed_by_idx; Type: INDEX; Schema: audit; Owner: -
--

CREATE INDEX watchlists_log_changed_by_idx ON audit.watchlists_log USING btree (changed_by);

--
-- Name: watchlists_log_deleted_at_idx; Type: INDEX; Schema: audit; Owner: -
--

CREATE INDEX watchlists_log_deleted_at_idx ON audit.watchlists_log USING btree (changed_at DESC) WHERE (action = 'DELETE'::text);

--
-- Name: watchlists_log_deleted_owner_idx; Type: INDEX; Schema: audit; Owner: -
--

CREATE INDEX watchlists_log_deleted_owner_idx ON audit.watchlists_log USING btree (((old_row ->> 'owner_id'::text)), changed_at DESC, id DESC) WHERE (action = 'DELETE'::text);

--
-- Name: watchlists_log_record_pk_changed_at_idx; Type: INDEX; Schema: audit; Owner: -
--

CREATE INDEX watchlists_log_record_pk_changed_at_idx ON audit.watchlists_log USING btree (record_pk, changed_at DESC, id DESC);

--
-- Name: watchlists_log_record_pk_idx; Type: INDEX; Schema: audit; Owner: -
--

CREATE INDEX watchlists_log_record_pk_idx ON audit.watchlists_log USING btree (record_pk);

--
-- Name: watchlists_log; Type: ROW SECURITY; Schema: audit; Owner: -
--

ALTER TABLE audit.watchlists_log ENABLE ROW LEVEL SECURITY;

--
-- Name: watchlists_log watchlists_log_select; Type: POLICY; Schema: audit; Owner: -
--

CREATE POLICY watchlists_log_select ON audit.watchlists_log FOR SELECT TO authenticated USING ((((old_row ->> 'owner_id'::text) = (( SELECT auth.uid() AS uid))::text) OR ((new_row ->> 'owner_id'::text) = (( SELECT auth.uid() AS uid))::text) OR ( SELECT private.is_admin() AS is_admin)));

--
-- Name: TABLE watchlists_log; Type: ACL; Schema: audit; Owner: -
--

GRANT SELECT ON TABLE audit.watchlists_log TO authenticated;
GRANT SELECT ON TABLE audit.watchlists_log TO service_role;

--
-- PostgreSQL database dump
--
