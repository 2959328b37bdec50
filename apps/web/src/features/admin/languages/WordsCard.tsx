import type { TranslationRow } from '@app/contracts/translations';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { useLanguages, useTranslations, useUploadCatalog } from '../../../api/languages';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Checkbox, Input, Select } from '../../../components/ui/Input';
import { Pager } from '../../../components/ui/Pager';
import { type Column, Table } from '../../../components/ui/Table';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { CatalogFile, useCatalogUpload } from './AddLanguage';
import { MessageEditor } from './MessageEditor';

const LIMIT = 20;
type Part = 'members' | 'back-office';

/**
 * Every message of the app in one language, its English source beside it, to edit or revert; the
 * filters find what a language still lacks (the back-office's part, messages with no words yet),
 * and a catalog file (JSON or PO) fills many at once.
 */
export function WordsCard() {
  const { t } = useLingui();
  const { params, page, update } = useUrlFilters();
  const languages = useLanguages();
  const locale = params.get('locale') ?? 'es';
  const edited = params.get('edited') === 'true';
  const missing = params.get('missing') === 'true';
  const partParam = params.get('part');
  const part: Part | undefined =
    partParam === 'members' || partParam === 'back-office' ? partParam : undefined;
  const [search, setSearch] = useState(params.get('q') ?? '');
  // the list follows the search box a moment after typing stops
  useEffect(() => {
    const timer = setTimeout(() => {
      if (search !== (params.get('q') ?? '')) update({ q: search, page: 1 });
    }, 300);
    return () => clearTimeout(timer);
  }, [search, params, update]);
  const words = useTranslations({
    locale,
    q: params.get('q') ?? '',
    edited,
    missing,
    part,
    page,
    limit: LIMIT,
  });

  const columns: Array<Column<TranslationRow>> = [
    {
      key: 'source',
      header: t`English source`,
      className: 'w-2/5 align-top',
      cell: (r) => (
        <div className="flex flex-col gap-1">
          <span className="whitespace-pre-wrap break-words text-fg">{r.source ?? '—'}</span>
          <span className="font-mono text-xs text-muted">{r.id}</span>
        </div>
      ),
    },
    {
      key: 'text',
      header: part === 'back-office' ? t`Text admins see` : t`Text members see`,
      className: 'align-top',
      cell: (r) => <MessageEditor key={`${locale}:${r.id}:${r.override ?? ''}`} locale={locale} row={r} />,
    },
  ];

  return (
    <>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <Select
          label={t`Language`}
          value={locale}
          onChange={(e) => update({ locale: e.target.value, page: 1 })}
          className="sm:w-56"
        >
          {languages.data?.languages.map((l) => (
            <option key={l.locale} value={l.locale}>
              {`${l.native_name} (${l.locale})`}
            </option>
          ))}
        </Select>
        <Select
          label={t`Part`}
          value={part ?? ''}
          onChange={(e) => update({ part: e.target.value || undefined, page: 1 })}
          className="sm:w-56"
        >
          <option value="">{t`The whole app`}</option>
          <option value="members">{t`Members and visitors`}</option>
          <option value="back-office">{t`Back-office`}</option>
        </Select>
        <Input
          label={t`Search`}
          type="search"
          placeholder={t`Words of the English or translated text, or an id`}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="sm:min-w-64 sm:flex-1"
        />
        <Checkbox
          label={t`Edited only`}
          checked={edited}
          onChange={(e) => update({ edited: e.target.checked ? 'true' : undefined, page: 1 })}
          className="sm:pb-2"
        />
        <Checkbox
          label={t`Without words only`}
          checked={missing}
          onChange={(e) => update({ missing: e.target.checked ? 'true' : undefined, page: 1 })}
          className="sm:pb-2"
        />
      </div>
      {words.isError && <Banner tone="error">{errorMessage(words.error)}</Banner>}
      <Table
        caption={t`Words`}
        columns={columns}
        rows={words.data?.translations}
        rowKey={(r) => r.id}
        loading={words.isPending}
        empty={edited ? t`No edited words in this language yet.` : t`No message matches this search.`}
      />
      {words.data && words.data.total > 0 && (
        <Pager
          page={page}
          totalPages={words.data.totalPages}
          total={words.data.total}
          fetching={words.isFetching}
          onPage={(p) => update({ page: p })}
          counted={(n) => plural(n, { one: '# message', other: '# messages' })}
        />
      )}
      <UploadWords locale={locale} />
    </>
  );
}

/** More words for the chosen language from a catalog file, merged over what it has. */
function UploadWords({ locale }: { locale: string }) {
  const { t } = useLingui();
  const upload = useUploadCatalog();
  const form = useCatalogUpload();
  const onSubmit = form.submit((_, catalog) => upload.mutateAsync({ locale, catalog }));

  return (
    <form
      aria-label={t`Upload words for ${locale}`}
      onSubmit={onSubmit}
      className="mt-6 flex flex-col gap-3 border-t border-line pt-4"
    >
      <p className="text-sm text-muted">
        <Trans>
          Upload a catalog (JSON or PO) to fill many messages of this language at once; what it has replaces
          the edited words of the same messages.
        </Trans>
      </p>
      <CatalogFile />
      {form.result}
      <div>
        <Button type="submit" variant="secondary" disabled={upload.isPending}>
          <Trans>Upload words</Trans>
        </Button>
      </div>
    </form>
  );
}
