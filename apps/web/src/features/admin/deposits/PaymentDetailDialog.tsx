import type { PaymentEvent, PaymentListItem } from '@app/contracts/payments';
import { currencyLabel } from '@app/contracts/payments';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/client';
import { usePaymentDetail } from '../../../api/payments';
import { PaymentStatusBadge } from '../../../components/payments/PaymentStatusBadge';
import { TestPaymentMark } from '../../../components/payments/TestPayment';
import { Badge } from '../../../components/ui/Badge';
import { Banner } from '../../../components/ui/Banner';
import { Modal } from '../../../components/ui/Modal';
import { Money } from '../../../components/ui/Money';
import { PageSpinner } from '../../../components/ui/Spinner';
import { SummaryList } from '../../../components/ui/SummaryList';
import { When } from '../../../components/ui/When';
import { SandboxPush, SettleForm } from './PaymentActions';

const SOURCE: Record<PaymentEvent['source'], MessageDescriptor> = {
  create: msg({ message: 'Created', context: 'payment event' }),
  ipn: msg`Provider callback`,
  poll: msg`Polled`,
  admin: msg({ message: 'Admin', context: 'payment event' }),
  expiry: msg`Our expiry`,
  settle: msg`Settled by hand`,
};

function Facts({ p }: { p: PaymentListItem }) {
  const { t } = useLingui();
  const currency = currencyLabel(p.pay_currency);
  return (
    <SummaryList
      rows={[
        {
          label: t`Member`,
          value: (
            <Link
              to={`/admin/check/profile/${p.user_id}`}
              className="font-medium text-accent-text hover:underline"
            >
              {p.username}
            </Link>
          ),
        },
        { label: t`Provider`, value: p.provider === 'sandbox' ? t`Sandbox (simulated)` : 'NOWPayments' },
        { label: t`Order`, value: <span className="break-all">{p.order_id}</span> },
        { label: t`Deposit (price)`, value: <Money value={p.price_amount} />, strong: true },
        { label: t`Asked`, value: `${p.pay_amount} ${currency}` },
        {
          label: t`Received`,
          value: p.actually_paid === null ? '—' : `${p.actually_paid} ${currency}`,
        },
        { label: t`Address`, value: <span className="font-mono text-xs break-all">{p.pay_address}</span> },
        { label: t`Created`, value: <When iso={p.created_at} /> },
        { label: t`Expires`, value: <When iso={p.expires_at} /> },
        ...(p.parent_payment_id ? [{ label: t`Opened for payment`, value: p.parent_payment_id }] : []),
        {
          label: t`Credited`,
          value:
            p.credited_amount === null ? (
              t`Not credited`
            ) : (
              <span>
                <Money value={p.credited_amount} /> · <When iso={p.credited_at} />
              </span>
            ),
          testId: 'payment-credited',
        },
      ]}
    />
  );
}

function History({ events }: { events: PaymentEvent[] }) {
  const { t, i18n } = useLingui();
  return (
    <ol
      className="flex flex-col divide-y divide-line rounded-lg border border-line"
      aria-label={t`Status history`}
    >
      {events.map((e) => (
        <li key={e.id} className="flex flex-col gap-1 px-3 py-2 text-sm sm:flex-row sm:items-start sm:gap-3">
          <span className="shrink-0 text-xs text-muted sm:w-36">
            <When iso={e.created_at} />
          </span>
          <span className="flex min-w-0 flex-1 flex-col gap-1">
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-medium text-fg">{i18n._(SOURCE[e.source])}</span>
              {e.status && <PaymentStatusBadge status={e.status} />}
              {!e.accepted && (
                <Badge tone="amber">
                  <Trans>Not applied</Trans>
                </Badge>
              )}
            </span>
            {e.note && <span className="text-muted break-words">{e.note}</span>}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** "received 5 USDT": what arrived on a payment the provider opened for another. */
function ChildReceived({ c }: { c: PaymentListItem }) {
  const amount = c.actually_paid ?? 0;
  const currency = currencyLabel(c.pay_currency);
  return (
    <span className="text-muted">
      <Trans>
        received {amount} {currency}
      </Trans>
    </span>
  );
}

/** One provider payment for the back-office: its facts, every status change, and what an admin may do. */
export function PaymentDetailDialog({
  paymentId,
  onClose,
  onOpen,
}: {
  paymentId: string | null;
  onClose: () => void;
  onOpen: (paymentId: string) => void;
}) {
  const detail = usePaymentDetail(paymentId, 'admin');
  const data = detail.data;
  const p = data?.payment;
  const { t } = useLingui();
  const id = paymentId ?? '';
  return (
    <Modal
      open={paymentId !== null}
      onClose={onClose}
      title={t`Crypto payment ${id}`}
      className="max-h-[90vh] overflow-y-auto sm:max-w-2xl lg:max-w-3xl"
    >
      <div className="mt-4 flex flex-col gap-4">
        {detail.isPending && <PageSpinner label={t`Loading the payment`} />}
        {detail.error && <Banner tone="error">{errorMessage(detail.error)}</Banner>}
        {p && data && (
          <>
            <div className="flex flex-wrap items-center gap-2">
              <PaymentStatusBadge status={p.payment_status} />
              <TestPaymentMark sandbox={p.sandbox} />
              {p.review && (
                <Badge tone="amber">
                  <Trans>Needs a decision</Trans>
                </Badge>
              )}
            </div>
            {p.review && (
              <p className="rounded-lg border border-amber-600/30 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-200">
                {p.review}
              </p>
            )}
            <Facts p={p} />
            {data.children.length > 0 && (
              <section className="flex flex-col gap-2" aria-labelledby="children-heading">
                <h3 id="children-heading" className="text-sm font-semibold text-fg">
                  <Trans>Payments the provider opened for this one</Trans>
                </h3>
                <ul className="flex flex-col gap-1 text-sm">
                  {data.children.map((c) => (
                    <li key={c.payment_id} className="flex flex-wrap items-center gap-2">
                      <button
                        type="button"
                        className="font-mono text-accent-text hover:underline"
                        onClick={() => onOpen(c.payment_id)}
                      >
                        {c.payment_id}
                      </button>
                      <PaymentStatusBadge status={c.payment_status} />
                      <ChildReceived c={c} />
                    </li>
                  ))}
                </ul>
              </section>
            )}
            <section className="flex flex-col gap-2" aria-labelledby="history-heading">
              <h3 id="history-heading" className="text-sm font-semibold text-fg">
                <Trans>Status history</Trans>
              </h3>
              <History events={data.history} />
            </section>
            {p.review && p.credited_amount === null && p.payment_status !== 'refunded' && (
              <SettleForm key={p.payment_id} payment={p} />
            )}
            {p.provider === 'sandbox' && <SandboxPush payment={p} />}
          </>
        )}
      </div>
    </Modal>
  );
}
