import { Suspense } from 'react';
import { lazyComponent } from '../../app/lazy-page';

const QrCode = lazyComponent(() => import('./QrCode'));

/** A QR code, its library fetched on first use (UI.md: QR only on the pages that show it). */
export function LazyQrCode({ value, size, title }: { value: string; size: number; title: string }) {
  return (
    <Suspense
      fallback={
        <span
          className="block animate-pulse rounded-md bg-subtle"
          style={{ width: size, height: size }}
          aria-hidden="true"
        />
      }
    >
      <QrCode value={value} size={size} title={title} />
    </Suspense>
  );
}
