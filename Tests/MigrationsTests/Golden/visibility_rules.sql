--
-- Data for Name: visibility_tables; Type: TABLE DATA; Schema: private; Owner: -
--

COPY private.visibility_tables (table_name, admin_sees) FROM stdin;
watchlists	t
watchlist_rules	t
\.

--
-- Data for Name: visibility_rules; Type: TABLE DATA; Schema: private; Owner: -
--

COPY private.visibility_rules (table_name, kind, key_column, condition) FROM stdin;
watchlists	user	owner_id	\N
watchlists	watchlist	id	\N
watchlist_rules	watchlist	watchlist_id	\N
\.
