-- The local stack's mailbox (server/mail/): e-mails the auth service "sends" land here instead of an SMTP
-- server, so they survive a restart and tests can read them. Not part of a Supabase project; no API role
-- can reach it.
create schema if not exists local_stack;

create table local_stack.mail_messages (
  id text primary key,
  message_id text not null,
  from_name text not null default '',
  from_address text not null,
  to_addresses jsonb not null,
  subject text not null,
  text_body text not null default '',
  html_body text not null default '',
  is_read boolean not null default false,
  created_at timestamptz not null default now()
);

create index mail_messages_created_at_idx on local_stack.mail_messages (created_at desc);

revoke all on schema local_stack from public;
revoke all on all tables in schema local_stack from public;
