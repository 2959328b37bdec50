import type { Language, TranslationRow } from '@app/contracts/translations';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../api/client';
import {
  useLanguages,
  useSetDefaultLanguage,
  useTranslations,
  useUpdateLanguage,
} from '../../../api/languages';
import { Badge } from '../../../components/ui/Badge';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Checkbox, Input, Select } from '../../../components/ui/Input';
import { PageHeader } from '../../../components/ui/PageHeader';
import { Pager } from '../../../components/ui/Pager';
import { type Column, Table } from '../../../components/ui/Table';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { AddLanguage } from './AddLanguage';
import { MessageEditor } from './MessageEditor';

const LIMIT = 20;

const coverageText = (l: Language) =>
  l.coverage.percent === null
    ? 'Unknown'
    : `${l.coverage.percent} % (${l.coverage.covered} of ${l.coverage.total})`;

/**
 * Admin → Languages (issue 38): which languages members may pick, the default, each language's
 * coverage, and every message of the app in one language with its English source beside it, to
 * edit or revert. Members see a saved text on their next page load, on every instance.
 */
export default function LanguagesPage() {
  const { params, page, update } = useUrlFilters();
  const languages = useLanguages();
  const setDefault = useSetDefaultLanguage();
  const updateLanguage = useUpdateLanguage();
  const locale = params.get('locale') ?? 'es';
  const edited = params.get('edited') === 'true';
  const [search, setSearch] = useState(params.get('q') ?? '');
  // the list follows the search box a moment after typing stops
  useEffect(() => {
    const timer = setTimeout(() => {
      if (search !== (params.get('q') ?? '')) update({ q: search, page: 1 });
    }, 300);
    return () => clearTimeout(timer);
  }, [search, params, update]);
  const words = useTranslations({ locale, q: params.get('q') ?? '', edited, page, limit: LIMIT });

  async function act(run: () => Promise<{ message: string }>) {
    try {
      toast.success((await run()).message);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  const languageColumns: Array<Column<Language>> = [
    {
      key: 'language',
      header: 'Language',
      cell: (l) => (
        <div className="flex flex-col">
          <span className="font-medium text-fg" dir={l.dir}>
            {l.native_name}
          </span>
          <span className="text-xs text-muted">
            {l.locale}
            {l.added_by_operator ? ' · added here' : ''}
          </span>
        </div>
      ),
    },
    { key: 'coverage', header: 'Coverage', cell: (l) => coverageText(l) },
    {
      key: 'picker',
      header: 'In the picker',
      cell: (l) =>
        l.shown ? (
          <Badge tone="green">Shown</Badge>
        ) : l.offered ? (
          <Badge tone="amber">{`Waiting for ${l.min_coverage} % coverage`}</Badge>
        ) : (
          <Badge tone="neutral">Not offered</Badge>
        ),
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      cell: (l) => (
        <div className="flex flex-wrap gap-2">
          {l.is_default ? (
            <Badge tone="accent">Default</Badge>
          ) : (
            <>
              <Button
                size="sm"
                variant="secondary"
                disabled={!l.shown || setDefault.isPending}
                onClick={() => act(() => setDefault.mutateAsync(l.locale))}
                aria-label={`Make ${l.native_name} the default`}
              >
                Make default
              </Button>
              <Button
                size="sm"
                variant="ghost"
                disabled={updateLanguage.isPending}
                onClick={() =>
                  act(() => updateLanguage.mutateAsync({ locale: l.locale, body: { offered: !l.offered } }))
                }
                aria-label={`${l.offered ? 'Withdraw' : 'Offer'} ${l.native_name}`}
              >
                {l.offered ? 'Withdraw' : 'Offer'}
              </Button>
            </>
          )}
        </div>
      ),
    },
  ];

  const wordColumns: Array<Column<TranslationRow>> = [
    {
      key: 'source',
      header: 'English source',
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
      header: 'Text members see',
      className: 'align-top',
      cell: (r) => <MessageEditor key={`${locale}:${r.id}:${r.override ?? ''}`} locale={locale} row={r} />,
    },
  ];

  return (
    <div className="flex flex-col gap-6">
      <title>Languages · EarnHub admin</title>
      <PageHeader
        title="Languages"
        description="The languages members can pick, and the words of the app in each of them. A saved text shows to members on their next page load, without a release."
      />
      {languages.isError && <Banner tone="error">{errorMessage(languages.error)}</Banner>}
      <Card title="Offered languages">
        <Table
          caption="Languages"
          columns={languageColumns}
          rows={languages.data?.languages}
          rowKey={(l) => l.locale}
          loading={languages.isPending}
          empty="No languages."
        />
      </Card>
      <Card title="Add a language">
        <AddLanguage />
      </Card>
      <Card title="Words">
        <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
          <Select
            label="Language"
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
          <Input
            label="Search"
            type="search"
            placeholder="Words of the English or translated text, or an id"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="sm:flex-1"
          />
          <Checkbox
            label="Edited only"
            checked={edited}
            onChange={(e) => update({ edited: e.target.checked ? 'true' : undefined, page: 1 })}
            className="sm:pb-2"
          />
        </div>
        {words.isError && <Banner tone="error">{errorMessage(words.error)}</Banner>}
        <Table
          caption="Words"
          columns={wordColumns}
          rows={words.data?.translations}
          rowKey={(r) => r.id}
          loading={words.isPending}
          empty={edited ? 'No edited words in this language yet.' : 'No message matches this search.'}
        />
        {words.data && words.data.total > 0 && (
          <Pager
            page={page}
            totalPages={words.data.totalPages}
            total={words.data.total}
            fetching={words.isFetching}
            onPage={(p) => update({ page: p })}
            noun={['message', 'messages']}
          />
        )}
      </Card>
    </div>
  );
}
