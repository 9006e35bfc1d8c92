-- An optional claim expiry the operator sets: a claim held longer than expire_after is
-- released by the worker (its maintenance), and the claimer and the declarer are told. Off
-- (NULL) unless set. Each claim carries when it expires (claim_expires_at: derived by the
-- server at the claim from the setting then in force), so the apps can show it and the
-- worker finds the expired ones through an index of the held claims alone.
create table private.claim_settings (
  id boolean primary key default true check (id),
  expire_after interval check (expire_after > interval '0')
);
comment on table private.claim_settings is
  'The one row of claim settings: expire_after, how long a claim of a task or activity holds before the worker releases it (NULL: claims never expire). Read at each claim (claim_expires_at); an operator may update the row; only the database owner can.';
insert into private.claim_settings (expire_after) values (null);
revoke all on private.claim_settings from public, anon, authenticated, service_role;

-- sync_xid first, as the final step of migrate defines it (private.enable_sync): a database
-- migrated before has it already, and a fresh one must end with the same column order.
alter table public.tasks add column if not exists sync_xid xid8 not null default pg_current_xact_id();
alter table public.activities add column if not exists sync_xid xid8 not null default pg_current_xact_id();
alter table public.tasks add column claim_expires_at timestamptz;
alter table public.activities add column claim_expires_at timestamptz;
comment on column public.tasks.claim_expires_at is
  'When the current claim expires and the worker releases it (claimed_at + private.claim_settings.expire_after at the claim); NULL while unclaimed or when claims do not expire. Derived by the server.';
comment on column public.activities.claim_expires_at is
  'When the current claim expires and the worker releases it (claimed_at + private.claim_settings.expire_after at the claim); NULL while unclaimed or when claims do not expire. Derived by the server.';
create index tasks_claim_expires_at_idx on public.tasks (claim_expires_at) where claim_expires_at is not null;
create index activities_claim_expires_at_idx on public.activities (claim_expires_at) where claim_expires_at is not null;
