import type { TreeNode } from '@app/contracts/referral';
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
import { ACTIVE_LABEL } from '../../../lib/user-labels';
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
  const active = ACTIVE_LABEL[node.is_active];
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
          {node.status === 'block' && <Badge tone="red">Blocked</Badge>}
        </div>
        <p className="truncate text-xs text-muted">
          {node.fullname} · <span className="font-mono">{node.refferal_code}</span>
        </p>
        <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-muted">
          <div className="flex gap-1">
            <dt>Plan</dt>
            <dd className="font-medium text-fg">
              <Money value={node.active_plan} />
            </dd>
          </div>
          <div className="flex gap-1">
            <dt>Team</dt>
            <dd className="font-medium text-fg tabular-nums" data-testid="node-team">
              {formatCount(node.team_count)}
            </dd>
          </div>
          {/* the downline's business, the figure the Team business card shows for the member at the
              top (the leg's `business` adds the node's own plan, which "Plan" already shows); on a
              phone too, as Direct members shows it there (issue 29.9) */}
          <div className="flex gap-1">
            <dt>Team business</dt>
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
          aria-label={`${open ? 'Hide' : 'Show'} the ${node.direct_count} direct members of ${node.username}`}
          className="inline-flex h-9 shrink-0 items-center gap-1 rounded-lg border border-line px-2 text-sm font-medium text-fg hover:bg-subtle focus-visible:outline-2 focus-visible:outline-focus"
        >
          <span className="tabular-nums">{formatCount(node.direct_count)}</span>
          {open ? (
            <ChevronDown className="size-4" aria-hidden="true" />
          ) : (
            <ChevronRight className="size-4" aria-hidden="true" />
          )}
        </button>
      )}
    </div>
  );
}

/** A node's direct members, fetched when the node opens, a page at a time. */
function Children({ code, highlightId }: { code: string; highlightId?: number }) {
  const children = useTreeChildren(code, true);
  const list = 'ml-3 flex flex-col gap-2 pt-2 pl-3 sm:ml-5 sm:pl-5';
  if (children.isPending)
    return (
      <div className={cn(list, 'py-2 text-muted')}>
        <Spinner label="Loading direct members" />
      </div>
    );
  if (children.error)
    return (
      <div className={cn(list, 'items-start text-sm text-red-700 dark:text-red-400')}>
        <p role="alert">{errorMessage(children.error)}</p>
        <Button variant="secondary" size="sm" onClick={() => children.refetch()}>
          Try again
        </Button>
      </div>
    );
  const pages = children.data.pages;
  const nodes = pages.flatMap((p) => p.referrals);
  const total = pages[0]!.node.direct_count;
  return (
    <ul className={list}>
      {nodes.map((child) => (
        <TreeBranch key={child.id} node={child} highlightId={highlightId} />
      ))}
      {nodes.length === 0 && <li className="py-1 text-sm text-muted">No direct members yet.</li>}
      {children.hasNextPage && (
        <li>
          <Button
            variant="ghost"
            size="sm"
            busy={children.isFetchingNextPage}
            onClick={() => children.fetchNextPage()}
          >
            Show {Math.min(TREE_PAGE, total - nodes.length)} more of {formatCount(total - nodes.length)}
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
          'before:absolute before:top-8 before:-left-3 before:h-px before:w-3 before:bg-line sm:before:-left-5 sm:before:w-5',
        !top &&
          'after:absolute after:-top-2 after:bottom-0 after:-left-3 after:w-px after:bg-line last:after:bottom-auto last:after:h-10 sm:after:-left-5',
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
  const top = useTreeChildren(code, true);
  if (top.isPending)
    return (
      <div className="flex min-h-32 items-center justify-center text-muted">
        <Spinner className="size-6" label="Loading the tree" />
      </div>
    );
  if (top.error)
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-400">
        {errorMessage(top.error)}
      </p>
    );
  const root = top.data.pages[0]!.node;
  return (
    <ul className="flex flex-col gap-2" aria-label={`Team of ${root.username}`}>
      <TreeBranch node={root} top highlightId={highlightId} />
    </ul>
  );
}
