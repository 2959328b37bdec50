import { amountToSend, currencyLabel, PAYMENT, type Payment, paymentUri } from '@app/contracts/payments';
import { Trans, useLingui } from '@lingui/react/macro';
import { Copy } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { payAmount } from '../../../components/payments/pay-amount';
import { PAYMENT_WORDS } from '../../../components/payments/payment-words';
import { LazyQrCode } from '../../../components/qr/LazyQrCode';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { copyText } from '../../../lib/clipboard';

/** The spec's default QR size; the size selector of spec 2.8 is not offered (docs/decisions/crypto.md). */
const SIZE = PAYMENT.qrSize.default;

/**
 * Spec 2.8: the QR code of the payment URI (address and amount), drawn in the browser, and the
 * address with its copy action. No size picker for members (issue 29.11): a wallet app scans the
 * default size, and the code shrinks to fit a phone's screen.
 */
export function QrPanel({ payment }: { payment: Payment }) {
  const { t, i18n } = useLingui();
  // a partially paid payment asks for what is left, in the words and in the QR code alike
  const exact = amountToSend(payment);
  // the figure in the member's number format; the QR code carries the raw one
  const toSend = payAmount(exact);
  const partial = payment.payment_status === 'partially_paid' && (payment.actually_paid ?? 0) > 0;
  const uri = paymentUri(payment.pay_currency, payment.pay_address, exact);
  const address = payment.pay_address;
  const currency = currencyLabel(payment.pay_currency);
  const received = payAmount(payment.actually_paid ?? 0);
  const asked = payAmount(payment.pay_amount);

  // The toast is for the eye; a live region that is on the page before the text arrives is what
  // screen readers announce reliably (a toast's own region is created with its text).
  const [announced, setAnnounced] = useState('');
  const copy = async () => {
    const ok = await copyText(payment.pay_address);
    const text = i18n._(ok ? PAYMENT_WORDS.copied : PAYMENT_WORDS.copyFailed);
    if (ok) toast.success(text);
    else toast.error(text);
    setAnnounced(text);
  };

  return (
    <Card title={t`Scan to pay`}>
      <div className="flex flex-col items-center gap-4">
        <div
          className="flex max-w-full items-center justify-center overflow-hidden rounded-lg bg-white p-2"
          data-testid="qr-frame"
          data-size={SIZE}
          data-uri={uri}
        >
          <LazyQrCode value={uri} size={SIZE} title={t`Payment QR code for ${address}`} />
        </div>
        <div className="flex w-full flex-col gap-1.5">
          {partial && (
            <p className="text-sm text-muted" data-testid="partial-received">
              <Trans>
                Received <span dir="ltr">{received}</span> of{' '}
                <span dir="ltr">
                  {asked} {currency}
                </span>
                .
              </Trans>
            </p>
          )}
          <span className="text-sm font-medium text-fg" data-testid="send-exactly">
            {partial ? (
              <Trans>
                Send the remaining{' '}
                <span dir="ltr">
                  {toSend} {currency}
                </span>{' '}
                to
              </Trans>
            ) : (
              <Trans>
                Send exactly{' '}
                <span dir="ltr">
                  {toSend} {currency}
                </span>{' '}
                to
              </Trans>
            )}
          </span>
          <div className="flex items-center gap-2 rounded-lg border border-line bg-subtle/60 px-3 py-2">
            <code
              dir="ltr"
              className="min-w-0 flex-1 font-mono text-sm break-all text-fg"
              data-testid="pay-address"
            >
              {payment.pay_address}
            </code>
            <Button variant="secondary" size="sm" onClick={copy}>
              <Copy className="size-4" aria-hidden="true" /> <Trans>Copy address</Trans>
            </Button>
          </div>
          <p aria-live="polite" className="sr-only" data-testid="copy-announcer">
            {announced}
          </p>
          {payment.pay_currency === PAYMENT.payCurrency && (
            <p className="text-xs text-muted">
              <Trans>
                Send only USDT on BNB Smart Chain (BEP20) to this address: another token or network is lost.
              </Trans>
            </p>
          )}
        </div>
      </div>
    </Card>
  );
}
