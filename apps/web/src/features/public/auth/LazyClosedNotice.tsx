import type { PublicSettings, Switch } from '@app/contracts/switches';
import { lazy, Suspense } from 'react';

// Shown only while the operator has closed sign-in or registration: fetched then, not on every
// first visit of the public pages (their 100 KB budget, UI.md).
const ClosedNoticeChunk = lazy(() => import('./ClosedNotice').then((m) => ({ default: m.ClosedNotice })));

export function ClosedNotice(props: { settings: PublicSettings; which: Switch }) {
  return (
    <Suspense fallback={null}>
      <ClosedNoticeChunk {...props} />
    </Suspense>
  );
}
