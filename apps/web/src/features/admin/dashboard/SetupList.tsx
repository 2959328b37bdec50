import type { SetupItem } from '@app/contracts/setup';
import { Trans, useLingui } from '@lingui/react/macro';
import { BookOpen, ChevronRight, Undo2, X } from 'lucide-react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/client';
import { useDismissSetupItem, useSetup } from '../../../api/setup';
import { Bar } from '../../../components/ui/Bar';
import { Button, buttonClass } from '../../../components/ui/Button';

/** Where the operator documentation says how: the file and its section, as the repository has it. */
function DocsRef({ docs }: { docs: string }) {
  return (
    <span className="inline-flex items-center gap-1 text-xs text-muted">
      <BookOpen className="size-3.5 shrink-0" aria-hidden="true" />
      <span>
        <Trans>
          How: <code className="font-mono break-all">{docs}</code>
        </Trans>
      </span>
    </span>
  );
}

/** The name of the back-office page a fix is on, for its link ("/admin/account" -> "Account"). */
function pageName(path: string) {
  const last = path.split('/').filter(Boolean).at(-1) ?? path;
  return last.charAt(0).toUpperCase() + last.slice(1).replace(/-/g, ' ');
}

function OpenItem({
  item,
  mayDismiss,
  busy,
  onDismiss,
}: {
  item: SetupItem;
  mayDismiss: boolean;
  busy: boolean;
  onDismiss: () => void;
}) {
  const { t } = useLingui();
  const page = item.path ? pageName(item.path) : '';
  const { title } = item;
  return (
    <li
      className="flex flex-col gap-2 py-2.5 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
      data-setup-item={item.id}
    >
      <div className="flex min-w-0 flex-col gap-0.5">
        <span className="text-sm font-medium text-fg">{item.title}</span>
        <span className="text-sm text-muted">{item.explanation}</span>
        {/* a page to go to says enough; the rest is server configuration, told in the docs */}
        {!item.path && item.docs && <DocsRef docs={item.docs} />}
      </div>
      <div className="flex shrink-0 items-center gap-2">
        {item.path && (
          <Link to={item.path} className={buttonClass('secondary', 'sm')}>
            <Trans>Go to {page}</Trans> <ChevronRight className="size-4" aria-hidden="true" />
          </Link>
        )}
        {mayDismiss && (
          <Button size="sm" variant="ghost" busy={busy} onClick={onDismiss} aria-label={t`Dismiss: ${title}`}>
            {!busy && <X className="size-4" aria-hidden="true" />} <Trans>Dismiss</Trans>
          </Button>
        )}
      </div>
    </li>
  );
}

/**
 * The operator's first-day list (GET /setup): the items this admin's roles can fix, shown until
 * every one is done or dismissed. Each open
 * item says what is wrong and where it is fixed; owners dismiss what does not apply, and can bring
 * it back from the dismissed list.
 */
export function SetupList() {
  const { data } = useSetup();
  const change = useDismissSetupItem();
  const { t } = useLingui();
  if (!data) return null;
  const open = data.items.filter((i) => !i.done && !i.dismissed);
  const dismissed = data.items.filter((i) => !i.done && i.dismissed);
  if (open.length === 0) return null;

  const act = (item: SetupItem, dismiss: boolean) =>
    change.mutate(
      { id: item.id, dismiss },
      {
        onSuccess: (answer) => toast.success(answer.message),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  const busyId = change.isPending ? change.variables?.id : undefined;
  const { done, total } = data;
  const dismissedCount = dismissed.length;

  return (
    <section
      aria-labelledby="setup-heading"
      className="min-w-0 rounded-xl border border-line bg-surface p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h2 id="setup-heading" className="text-base font-semibold text-fg">
            <Trans>Finish setting up</Trans>
          </h2>
          <p className="mt-0.5 text-sm text-muted">
            {/* the server lists only what this admin's roles can fix (issue 37.21): say so to non-owners */}
            {data.may_dismiss
              ? t`What this platform still lacks before it takes real members and money.`
              : t`What you can do for this platform before it takes real members and money; owners see the rest.`}
          </p>
        </div>
        <div className="flex w-full flex-col gap-1.5 sm:w-48">
          <span className="text-sm font-medium tabular-nums text-fg" data-testid="setup-progress">
            <Trans>
              {done} of {total} done
            </Trans>
          </span>
          <Bar value={data.done} max={data.total} label={t`Setup done`} />
        </div>
      </div>
      <ul className="mt-3 divide-y divide-line border-t border-line">
        {open.map((item) => (
          <OpenItem
            key={item.id}
            item={item}
            mayDismiss={data.may_dismiss}
            busy={busyId === item.id}
            onDismiss={() => act(item, true)}
          />
        ))}
      </ul>
      {dismissed.length > 0 && (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer py-1 text-muted hover:text-fg">
            <Trans>Dismissed ({dismissedCount})</Trans>
          </summary>
          <ul className="mt-1 flex flex-col gap-1">
            {dismissed.map((item) => (
              <li key={item.id} className="flex items-center justify-between gap-3 py-1">
                <span className="text-muted">{item.title}</span>
                {data.may_dismiss && (
                  <Button
                    size="sm"
                    variant="ghost"
                    busy={busyId === item.id}
                    onClick={() => act(item, false)}
                    aria-label={t`Show again: ${item.title}`}
                  >
                    {busyId !== item.id && <Undo2 className="size-4" aria-hidden="true" />}{' '}
                    <Trans>Show again</Trans>
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
