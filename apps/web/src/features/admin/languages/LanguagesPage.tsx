import { useLingui } from '@lingui/react/macro';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../api/client';
import { useLanguages } from '../../../api/languages';
import { Banner } from '../../../components/ui/Banner';
import { Card } from '../../../components/ui/Card';
import { PageHeader } from '../../../components/ui/PageHeader';
import { AddLanguage } from './AddLanguage';
import { LanguageTable } from './LanguageTable';
import { WordsCard } from './WordsCard';

/**
 * Admin → Languages (issue 38): which languages members may pick, the default, which are offered
 * to admins, each language's coverage, and every message of the app in one language with its
 * English source beside it, to edit or revert. Members see a saved text on their next page load,
 * on every instance.
 */
export default function LanguagesPage() {
  const { t } = useLingui();
  const languages = useLanguages();

  async function act(run: () => Promise<{ message: string }>) {
    try {
      toast.success((await run()).message);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <title>{t`Languages · EarnHub admin`}</title>
      <PageHeader
        title={t`Languages`}
        description={t`The languages members can pick, and the words of the app in each of them. A saved text shows to members on their next page load, without a release.`}
      />
      {languages.isError && <Banner tone="error">{errorMessage(languages.error)}</Banner>}
      <Card title={t`Offered languages`}>
        <LanguageTable act={act} />
      </Card>
      <Card title={t`Add a language`}>
        <AddLanguage />
      </Card>
      <Card title={t`Words`}>
        <WordsCard />
      </Card>
    </div>
  );
}
