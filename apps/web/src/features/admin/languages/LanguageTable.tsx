import type { Language } from '@app/contracts/translations';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLanguages, useSetDefaultLanguage, useUpdateLanguage } from '../../../api/languages';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { type Column, Table } from '../../../components/ui/Table';

type Act = (run: () => Promise<{ message: string }>) => Promise<void>;

/**
 * Every language with two coverages: the member's part (every public and member screen, which
 * decides the member picker) and the back-office's (a language is offered to admins only once
 * every back-office message has its words, so no admin screen mixes two languages).
 */
export function LanguageTable({ act }: { act: Act }) {
  const { t } = useLingui();
  const languages = useLanguages();
  const setDefault = useSetDefaultLanguage();
  const updateLanguage = useUpdateLanguage();
  const coverageText = (c: Language['coverage']) =>
    c.percent === null ? t`Unknown` : t`${c.percent} % (${c.covered} of ${c.total})`;
  const toggle = (l: Language, body: { offered?: boolean; offered_to_admins?: boolean }) =>
    act(() => updateLanguage.mutateAsync({ locale: l.locale, body }));

  const columns: Array<Column<Language>> = [
    {
      key: 'language',
      header: t`Language`,
      cell: (l) => (
        <div className="flex flex-col">
          <span className="font-medium text-fg" dir={l.dir}>
            {l.native_name}
          </span>
          <span className="text-xs text-muted">
            {l.added_by_operator ? t`${l.locale} · added here` : l.locale}
          </span>
        </div>
      ),
    },
    { key: 'coverage', header: t`Coverage`, cell: (l) => coverageText(l.coverage) },
    {
      key: 'picker',
      header: t`In the picker`,
      cell: (l) =>
        l.shown ? (
          <Badge tone="green">
            <Trans>Shown</Trans>
          </Badge>
        ) : l.offered ? (
          <Badge tone="amber">{t`Waiting for ${l.min_coverage} % coverage`}</Badge>
        ) : (
          <Badge tone="neutral">
            <Trans>Not offered</Trans>
          </Badge>
        ),
    },
    {
      key: 'back-office',
      header: t`Back-office`,
      cell: (l) => (
        <div className="flex flex-col items-start gap-1">
          <span>{coverageText(l.admin_coverage)}</span>
          {l.admin_shown ? (
            <Badge tone="green">
              <Trans>Offered to admins</Trans>
            </Badge>
          ) : l.offered_to_admins ? (
            <Badge tone="amber">
              <Trans>Waiting for 100 % coverage</Trans>
            </Badge>
          ) : null}
        </div>
      ),
    },
    {
      key: 'actions',
      header: (
        <span className="sr-only">
          <Trans>Actions</Trans>
        </span>
      ),
      cell: (l) => (
        <div className="flex flex-wrap gap-2">
          {l.is_default ? (
            <Badge tone="accent">
              <Trans>Default</Trans>
            </Badge>
          ) : (
            <>
              <Button
                size="sm"
                variant="secondary"
                disabled={!l.shown || setDefault.isPending}
                onClick={() => act(() => setDefault.mutateAsync(l.locale))}
                aria-label={t`Make ${l.native_name} the default`}
              >
                <Trans>Make default</Trans>
              </Button>
              <Button
                size="sm"
                variant="ghost"
                disabled={updateLanguage.isPending}
                onClick={() => toggle(l, { offered: !l.offered })}
                aria-label={l.offered ? t`Withdraw ${l.native_name}` : t`Offer ${l.native_name}`}
              >
                {l.offered ? t`Withdraw` : t`Offer`}
              </Button>
            </>
          )}
          {l.locale !== 'en' && (
            <Button
              size="sm"
              variant="ghost"
              disabled={updateLanguage.isPending}
              onClick={() => toggle(l, { offered_to_admins: !l.offered_to_admins })}
              aria-label={
                l.offered_to_admins
                  ? t`Withdraw ${l.native_name} from admins`
                  : t`Offer ${l.native_name} to admins`
              }
            >
              {l.offered_to_admins ? t`Withdraw from admins` : t`Offer to admins`}
            </Button>
          )}
        </div>
      ),
    },
  ];

  return (
    <Table
      caption={t`Languages`}
      columns={columns}
      rows={languages.data?.languages}
      rowKey={(l) => l.locale}
      loading={languages.isPending}
      empty={t`No languages.`}
    />
  );
}
