import { useLingui } from '@lingui/react/macro';
import { useBanner } from '../../../api/notifications';

/** The banner the back-office uploaded (GET /notifications/banner), at the top of the dashboard; nothing when there is none. */
export function BannerCard() {
  const banner = useBanner();
  const { t } = useLingui();
  if (!banner.data) return null;
  return (
    <section aria-label={t`Announcement`} className="flex justify-center">
      <img
        src={banner.data.url}
        alt={t`Announcement banner`}
        className="block max-h-80 w-auto max-w-full rounded-xl border border-line object-contain shadow-sm"
        decoding="async"
      />
    </section>
  );
}
