import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../api/client';
import { useActivateMember } from '../../../api/topups';
import { Badge } from '../../../components/ui/Badge';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Money } from '../../../components/ui/Money';
import { SummaryList } from '../../../components/ui/SummaryList';
import { serverText } from '../../../i18n/errors/server-texts';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { micro, toWire } from '../../../lib/money';

/**
 * One-time membership activation fee, paid from the member's own fund wallet. It stays on the page
 * once paid (showing so): unmounting it as the member record refreshes would drop the toast.
 *
 * What it gives, said on the card (issue 37.10): the spec's `paid_member` mark and nothing more.
 * Plans, the daily reward, incomes and withdrawals do not read it (DOMAIN.md, Plans and
 * activation), so it is offered as optional, never as "Not activated" beside an earning plan.
 */
export function ActivationCard({
  fee,
  fund,
  paid,
  earning,
}: {
  fee: number;
  fund: number;
  paid: boolean;
  /** The member holds an active plan. */
  earning: boolean;
}) {
  const { t } = useLingui();
  const activate = useActivateMember();
  const keys = useIdempotencyKey();
  const [open, setOpen] = useState(false);
  const after = micro(fund) - micro(fee);

  const confirm = () => {
    const body = {};
    activate.mutate(
      { body, key: keys.for(body) },
      {
        onSuccess: (data) => {
          keys.done();
          toast.success(serverText(data.message));
          setOpen(false);
        },
      },
    );
  };

  return (
    <Card
      title={t`Membership activation`}
      action={
        paid ? (
          <Badge tone="green">
            <Trans>Paid member</Trans>
          </Badge>
        ) : (
          <Badge>
            <Trans>Optional</Trans>
          </Badge>
        )
      }
    >
      {paid ? (
        <p className="text-sm text-muted">
          <Trans>
            Your activation fee is paid: your account is marked as a paid member. Your plan, daily reward and
            incomes work as they did before.
          </Trans>
        </p>
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <p className="flex-1 text-sm text-muted" data-testid="activation-what">
            {earning ? (
              <Trans>
                A one-time fee of <Money value={fee} className="font-medium text-fg" />, paid from your fund
                wallet, marks your account as a paid member. That is all it does: your active plan earns
                without it, and your incomes and withdrawals do not depend on it.
              </Trans>
            ) : (
              <Trans>
                A one-time fee of <Money value={fee} className="font-medium text-fg" />, paid from your fund
                wallet, marks your account as a paid member. That is all it does: plans, the daily reward,
                incomes and withdrawals do not depend on it.
              </Trans>
            )}
          </p>
          <Button variant="secondary" onClick={() => setOpen(true)}>
            <Trans>Pay activation fee</Trans>
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={open}
        title={t`Pay the activation fee?`}
        description={t`It marks your account as a paid member and changes nothing else. The fee is not refundable.`}
        confirmLabel={t`Pay fee`}
        busy={activate.isPending}
        onConfirm={confirm}
        onCancel={() => {
          activate.reset();
          setOpen(false);
        }}
      >
        {activate.isError && <Banner tone="error">{errorMessage(activate.error)}</Banner>}
        <SummaryList
          rows={[
            { label: t`Activation fee`, value: <Money value={fee} /> },
            { label: t`Fund wallet now`, value: <Money value={fund} /> },
            {
              label: t`Fund wallet after`,
              strong: true,
              value: (
                <Money value={toWire(after)} className={after < 0n ? 'text-red-700 dark:text-red-400' : ''} />
              ),
            },
          ]}
        />
      </ConfirmDialog>
    </Card>
  );
}
