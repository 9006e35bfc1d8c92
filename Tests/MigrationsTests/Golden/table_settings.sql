-- sync_xid columns
watchlist_rules.sync_xid xid8 default pg_current_xact_id()
watchlists.sync_xid xid8 default pg_current_xact_id()

-- length limits
watchlist_rules_rule_type_length: CHECK (((char_length(rule_type) <= 100) OR private.too_long('watchlist_rules'::text, 'rule_type'::text, 100, char_length(rule_type))))

-- column options (the planner's estimate of the rows per key)
watchlist_rules.watchlist_id: n_distinct=-0.01
watchlists.owner_id: n_distinct=-0.01

-- publication supabase_realtime (replica identity)
watchlist_rules (d)
