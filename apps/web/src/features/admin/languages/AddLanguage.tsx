import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../api/client';
import { useAddLanguage } from '../../../api/languages';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Input, Select } from '../../../components/ui/Input';

/**
 * A language the product does not ship, from its catalog: a JSON object (message id or English text
 * to message) or a PO file, read in the browser and sent as text; the server checks every message
 * and says what it left out. The language reaches the picker once its coverage reaches the threshold.
 */
export function AddLanguage() {
  const { t } = useLingui();
  const add = useAddLanguage();
  const upload = useCatalogUpload();
  const onSubmit = upload.submit((form, catalog) =>
    add.mutateAsync({
      locale: String(form.get('locale') ?? '').trim(),
      native_name: String(form.get('native_name') ?? '').trim(),
      dir: form.get('dir') === 'rtl' ? 'rtl' : 'ltr',
      min_coverage: Number(form.get('min_coverage') ?? 90),
      catalog,
    }),
  );

  return (
    <form aria-label={t`Add a language`} onSubmit={onSubmit} className="flex flex-col gap-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Input label={t`Language tag`} name="locale" required placeholder={t`de, pt-PT, zh-Hant`} />
        <Input label={t`Name in that language`} name="native_name" required placeholder={t`Deutsch`} />
        <Select label={t`Direction`} name="dir" defaultValue="ltr">
          <option value="ltr">{t`Left to right`}</option>
          <option value="rtl">{t`Right to left`}</option>
        </Select>
        <Input
          label={t`Shown from coverage (%)`}
          name="min_coverage"
          type="number"
          min={0}
          max={100}
          defaultValue={90}
        />
      </div>
      <CatalogFile />
      {upload.result}
      <div>
        <Button type="submit" disabled={add.isPending}>
          <Trans>Add language</Trans>
        </Button>
      </div>
    </form>
  );
}

/** The server's answer to an uploaded catalog: "Catalog uploaded: 3 messages". */
export const savedText = (message: string, saved: number) =>
  plural(saved, { one: `${message}: # message`, other: `${message}: # messages` });

export function CatalogFile() {
  const { t } = useLingui();
  return (
    <Input
      label={t`Catalog (JSON or PO)`}
      name="catalog"
      type="file"
      accept=".json,.po,application/json,text/plain"
    />
  );
}

/** What the server left out of an uploaded catalog, with its reasons (the first ten). */
export function LeftOut({ skipped }: { skipped: Array<{ id: string; reason: string }> }) {
  const { t } = useLingui();
  if (skipped.length === 0) return null;
  const list = skipped.map((s) => `${s.id} (${s.reason})`).join('; ');
  return <Banner tone="notice">{t`Left out: ${list}`}</Banner>;
}

/**
 * What the two catalog forms share (add a language, upload words): the file read in the browser,
 * the server's count of saved messages, what it left out and why, or its refusal.
 */
export function useCatalogUpload() {
  const { t } = useLingui();
  const [problem, setProblem] = useState<string | null>(null);
  const [skipped, setSkipped] = useState<Array<{ id: string; reason: string }>>([]);
  const submit =
    (
      send: (
        form: FormData,
        catalog: string,
      ) => Promise<{ message: string; saved: number; problems: typeof skipped }>,
    ) =>
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const element = event.currentTarget;
      const form = new FormData(element);
      const file = form.get('catalog');
      setProblem(null);
      setSkipped([]);
      if (!(file instanceof File) || file.size === 0) {
        setProblem(t`Choose the catalog file (JSON or PO)`);
        return;
      }
      try {
        const res = await send(form, await file.text());
        toast.success(savedText(res.message, res.saved));
        setSkipped(res.problems);
        element.reset();
      } catch (error) {
        setProblem(errorMessage(error));
      }
    };
  const result = (
    <>
      {problem && <Banner tone="error">{problem}</Banner>}
      <LeftOut skipped={skipped} />
    </>
  );
  return { submit, result };
}
