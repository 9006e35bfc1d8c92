# Splits a normalised pg_dump (scripts/schema.sh) into what the table manifest generates
# (want=generated: private.apply_manifest's policies (select, insert, update, delete), private.caller_writes, triggers, sync statements, the outbox
# capture, the change marks of the synced tables outside it, the openness of children's parents, the quota checks, audit log partitions and
# sync indexes) and the rest (want=hand), block by block: pg_dump heads each
# object with "--" / "-- Name: …; Type: …; Schema: …". The sync_xid columns and the length
# constraints stay with their tables, inside CREATE TABLE.
function generated(header,   name, type, schema, parts) {
  split(header, parts, "; ")
  name = substr(parts[1], 10); type = substr(parts[2], 7); schema = substr(parts[3], 9)
  if (schema == "private" && name ~ /^(FUNCTION )?(row_scope|sync_has_items|sync_page|sync_items_[a-z_]+|sync_page_[a-z_]+|sync_push_updates?_[a-z_]+|sync_push_row_[a-z_]+|sync_push_lock_[a-z_]+|record_sync_fields|caller_writes|record_child_parents|is_open_parent|check_quotas|record_sync_marks)\(/ \
      && name !~ /^(FUNCTION )?(sync_items_sql|sync_page_sql)\(/) return 1
  if (schema == "outbox" && name ~ /^(FUNCTION )?capture_changes\(/) return 1
  if (type == "TRIGGER" && name ~ / (_stamp_insert|_stamp_update|_stamp_deleted_at|_sync_xid_insert|_sync_xid_update|_sync_moves|_sync_deletions|_sync_fields|sync_marks_(insert|update|delete)|_child_parents_(insert|update|delete|open)|_quota_open_items_(insert|update)|_quota_row_bytes_(insert|update)|audit_[a-z_]+_(insert|update|delete)|outbox_(insert|delete|update|doorbell))$/) return 1
  if (type == "POLICY") { split(name, p, " "); if (p[2] == p[1] "_select" || p[2] == p[1] "_insert" || p[2] == p[1] "_update" || p[2] == p[1] "_delete") return 1 }
  if (schema == "audit" && name ~ /(^| )[a-z_]+_log([ _]|$)/ && name !~ /^(TABLE )?log$/ && name !~ /^log / && name !~ /^log_id_seq/) return 1
  if (schema == "public" && type == "INDEX" && name ~ /_sync(_xid)?_idx$/) return 1
  return 0
}
{ lines[NR] = $0 }
END {
  keep = (want == "hand")   # the preamble before the first block
  for (i = 1; i <= NR; i++) {
    if (lines[i] == "--" && substr(lines[i + 1], 1, 9) == "-- Name: ") {
      keep = (generated(lines[i + 1]) == (want == "generated"))
    }
    if (keep) print lines[i]
  }
}
