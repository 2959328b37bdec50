-- Support tickets ("queries") with their conversation, and the support entries (FAQ and contact
-- channels) admins keep for members. Statuses: docs/decisions/content.md, Tickets.
CREATE TABLE tickets (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id         bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  subject         text NOT NULL CHECK (length(subject) BETWEEN 1 AND 150),
  category        text NOT NULL DEFAULT 'general'
                  CHECK (category IN ('general', 'account', 'deposit', 'withdrawal', 'income', 'technical')),
  priority        text NOT NULL DEFAULT 'normal' CHECK (priority IN ('low', 'normal', 'high')),
  status          text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'in_progress', 'answered', 'closed')),
  -- true once the "ticket answered" mail is queued; a member reply clears it, so the member gets one
  -- mail per round of answers, not one per support message
  member_notified boolean NOT NULL DEFAULT false,
  last_reply_by   text NOT NULL DEFAULT 'user' CHECK (last_reply_by IN ('user', 'admin')),
  last_reply_at   timestamptz NOT NULL DEFAULT now(),
  closed_at       timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tickets_user ON tickets (user_id, id DESC);
CREATE INDEX tickets_status ON tickets (status, id DESC);

CREATE TABLE ticket_responses (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ticket_id   bigint NOT NULL REFERENCES tickets(id) ON DELETE CASCADE,
  author_id   bigint REFERENCES users(id) ON DELETE SET NULL,
  author_role text NOT NULL CHECK (author_role IN ('user', 'admin')),
  message     text NOT NULL CHECK (length(message) BETWEEN 1 AND 5000),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ticket_responses_ticket ON ticket_responses (ticket_id, id);

CREATE TABLE support_entries (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind        text NOT NULL CHECK (kind IN ('faq', 'contact')),
  title       text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  content     text NOT NULL CHECK (length(content) BETWEEN 1 AND 4000),
  sort_order  integer NOT NULL DEFAULT 100,
  published   boolean NOT NULL DEFAULT true,
  created_by  bigint REFERENCES users(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX support_entries_order ON support_entries (kind, sort_order, id);
