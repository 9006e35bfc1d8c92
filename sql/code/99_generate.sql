-- migrate:final
-- The final step of every migrate that applied a migration or a code file: everything the
-- table manifest derives, generated again from it (private.apply_manifest).
select private.apply_manifest();
