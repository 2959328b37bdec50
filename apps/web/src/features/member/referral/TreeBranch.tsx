import type { TreeNode } from '@app/contracts/referral';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { TREE_PAGE, useTreeChildren } from '../../../api/referral';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Money } from '../../../components/ui/Money';
import { Spinner } from '../../../components/ui/Spinner';
import { cn } from '../../../lib/cn';
import { formatCount } from '../../../lib/format';
import { useUserLabels } from '../dashboard/user-labels';
import { MemberAvatar } from './MemberAvatar';

/** One member as a card: who, active or not, plan, team; the toggle opens their direct members. */
function NodeCard({
  node,
  open,
  onToggle,
  highlight,
}: {
  node: TreeNode;
  open: boolean;
  onToggle?: () => void;
  highlight: boolean;
}) {
  const { t } = useLingui();
  const { ACTIVE_LABEL } = useUserLabels();
  const active = ACTIVE_LABEL[node.is_active];
  const directs = formatCount(node.direct_count);
  const name = node.username;
  return (
    <div
      data-testid="tree-node"
      data-username={node.username}
      className={cn(
        'flex min-w-0 items-center gap-3 rounded-xl border border-line bg-surface p-3 shadow-sm',
        highlight && 'border-accent ring-2 ring-accent/40',
      )}
    >
      <MemberAvatar name={node.username} active={node.is_active === 'active'} />
      <div className="min-w-0 flex-1">
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          <span className="truncate font-medium text-fg">{node.username}</span>
          <Badge tone={active.tone}>{active.text}</Badge>
          {node.status === 'block' && <Badge tone="red">{t`Blocked`}</Badge>}
        </div>
        <p className="truncate text-xs text-muted">
          {node.fullname} · <span className="font-mono">{node.refferal_code}</span>
        </p>
        <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-muted">
          <div className="flex gap-1">
            <dt>
              <Trans>Plan</Trans>
            </dt>
            <dd className="font-medium text-fg">
              <Money value={node.active_plan} />
            </dd>
          </div>
          <div className="flex gap-1">
            <dt>
              <Trans>Team</Trans>
            </dt>
            <dd className="font-medium text-fg tabular-nums" data-testid="node-team">
              {formatCount(node.team_count)}
            </dd>
          </div>
          {/* the downline's business, the figure the Team business card shows for the member at the
              top (the leg's `business` adds the node's own plan, which "Plan" already shows); on a
              phone too, as Direct members shows it there (issue 29.9) */}
          <div className="flex gap-1">
            <dt>
              <Trans>Team business</Trans>
            </dt>
            <dd className="font-medium text-fg" data-testid="node-team-business">
              <Money value={node.team_business} />
            </dd>
          </div>
        </dl>
      </div>
      {onToggle && (
        <button
          type="button"
          onClick={onToggle}
          aria-expanded={open}
          aria-label={
            open
              ? t`Hide the ${directs} direct members of ${name}`
              : t`Show the ${directs} direct members of ${name}`
          }
          className="inline-flex h-9 shrink-0 items-center gap-1 rounded-lg border border-line px-2 text-sm font-medium text-fg hover:bg-subtle focus-visible:outline-2 focus-visible:outline-focus"
        >
          <span className="tabular-nums">{formatCount(node.direct_count)}</span>
          {open ? (
            <ChevronDown className="size-4" aria-hidden="true" />
          ) : (
            // points to where the branch opens: the start of the line, the left in Arabic
            <ChevronRight className="size-4 rtl:-scale-x-100" aria-hidden="true" />
          )}
        </button>
      )}
    </div>
  );
}

/** A node's direct members, fetched when the node opens, a page at a time. */
function Children({ code, highlightId }: { code: string; highlightId?: number }) {
  const { t } = useLingui();
  const children = useTreeChildren(code, true);
  // logical margins: a branch hangs from the start side, the right in Arabic
  const list = 'ms-3 flex flex-col gap-2 pt-2 ps-3 sm:ms-5 sm:ps-5';
  if (children.isPending)
    return (
      <div className={cn(list, 'py-2 text-muted')}>
        <Spinner label={t`Loading direct members`} />
      </div>
    );
  if (children.error)
    return (
      <div className={cn(list, 'items-start text-sm text-red-700 dark:text-red-400')}>
        <p role="alert">{errorMessage(children.error)}</p>
        <Button variant="secondary" size="sm" onClick={() => children.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    );
  const pages = children.data.pages;
  const nodes = pages.flatMap((p) => p.referrals);
  const total = pages[0]!.node.direct_count;
  const next = formatCount(Math.min(TREE_PAGE, total - nodes.length));
  const left = formatCount(total - nodes.length);
  return (
    <ul className={list}>
      {nodes.map((child) => (
        <TreeBranch key={child.id} node={child} highlightId={highlightId} />
      ))}
      {nodes.length === 0 && (
        <li className="py-1 text-sm text-muted">
          <Trans>No direct members yet.</Trans>
        </li>
      )}
      {children.hasNextPage && (
        <li>
          <Button
            variant="ghost"
            size="sm"
            busy={children.isFetchingNextPage}
            onClick={() => children.fetchNextPage()}
          >
            <Trans>
              Show {next} more of {left}
            </Trans>
          </Button>
        </li>
      )}
    </ul>
  );
}

/** A member of the tree and, once opened, their direct members below them. */
export function TreeBranch({
  node,
  top = false,
  highlightId,
}: {
  node: TreeNode;
  /** The member the tree starts from: opened, no connector to a parent. */
  top?: boolean;
  highlightId?: number;
}) {
  const [open, setOpen] = useState(top);
  const hasTeam = node.direct_count > 0;
  return (
    <li
      className={cn(
        'relative',
        // connectors: a line along the siblings, stopping at the last one, and a tick to each card
        !top &&
          'before:absolute before:top-8 before:-start-3 before:h-px before:w-3 before:bg-line sm:before:-start-5 sm:before:w-5',
        !top &&
          'after:absolute after:-top-2 after:bottom-0 after:-start-3 after:w-px after:bg-line last:after:bottom-auto last:after:h-10 sm:after:-start-5',
      )}
      data-testid={`branch-${node.refferal_code}`}
    >
      <NodeCard
        node={node}
        open={open}
        onToggle={hasTeam ? () => setOpen((o) => !o) : undefined}
        highlight={node.id === highlightId}
      />
      {open && hasTeam && <Children code={node.refferal_code} highlightId={highlightId} />}
    </li>
  );
}

/** The tree from `code` down: that member's card opened on their direct members. */
export function TreeView({ code, highlightId }: { code: string; highlightId?: number }) {
  const { t } = useLingui();
  const top = useTreeChildren(code, true);
  if (top.isPending)
    return (
      <div className="flex min-h-32 items-center justify-center text-muted">
        <Spinner className="size-6" label={t`Loading the tree`} />
      </div>
    );
  if (top.error)
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-400">
        {errorMessage(top.error)}
      </p>
    );
  const root = top.data.pages[0]!.node;
  const name = root.username;
  return (
    <ul className="flex flex-col gap-2" aria-label={t`Team of ${name}`}>
      <TreeBranch node={root} top highlightId={highlightId} />
    </ul>
  );
}
