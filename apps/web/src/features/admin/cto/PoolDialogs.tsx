import { type CtoPool, ctoPoolBody } from '@app/contracts/cto';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { errorMessage } from '../../../api/client';
import { useCreateCtoPool, useCtoDetail, usePayCto } from '../../../api/cto';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Input } from '../../../components/ui/Input';
import { Modal } from '../../../components/ui/Modal';
import { Money } from '../../../components/ui/Money';
import { Spinner } from '../../../components/ui/Spinner';
import { SummaryList } from '../../../components/ui/SummaryList';
import { amountText } from '../../../lib/forms';
import { toWire } from '../../../lib/money';

const poolForm = z.object({
  period: ctoPoolBody.shape.period,
  amount: amountText(),
  note: z.string().trim().max(300),
});
type PoolInput = z.input<typeof poolForm>;

/** Sets the pool of a month (one per month). */
export function NewPoolDialog({
  open,
  defaultPeriod,
  onClose,
}: {
  open: boolean;
  defaultPeriod: string;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const create = useCreateCtoPool();
  const close = () => {
    if (create.isPending) return;
    create.reset();
    onClose();
  };
  return (
    <Modal
      open={open}
      onClose={close}
      title={t`New CTO pool`}
      description={t`The month's company turnover share. Paying it shares it equally among the members who qualify at that moment.`}
    >
      {open && <PoolForm defaultPeriod={defaultPeriod} create={create} onDone={onClose} onCancel={close} />}
    </Modal>
  );
}

function PoolForm({
  defaultPeriod,
  create,
  onDone,
  onCancel,
}: {
  defaultPeriod: string;
  create: ReturnType<typeof useCreateCtoPool>;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PoolInput, unknown, z.output<typeof poolForm>>({
    resolver: zodResolver(poolForm),
    defaultValues: { period: defaultPeriod, amount: '', note: '' },
  });
  const onSubmit = handleSubmit((v) =>
    create.mutate(
      { ...v, amount: toWire(v.amount) },
      {
        onSuccess: (res) => {
          toast.success(res.message);
          onDone();
        },
      },
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-4" aria-label={t`CTO pool`}>
      {create.isError && <Banner tone="error">{errorMessage(create.error)}</Banner>}
      <div className="grid grid-cols-2 gap-4">
        <Input label={t`Month`} type="month" error={errors.period?.message} {...register('period')} />
        <Input
          label={t`Pool (USDT)`}
          inputMode="decimal"
          autoComplete="off"
          error={errors.amount?.message}
          {...register('amount')}
        />
      </div>
      <Input
        label={t`Note (optional)`}
        autoComplete="off"
        error={errors.note?.message}
        {...register('note')}
      />
      <div className="mt-2 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={create.isPending}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" busy={create.isPending}>
          <Trans>Create pool</Trans>
        </Button>
      </div>
    </form>
  );
}

/** Shows what paying the pool now does (members, equal share, remainder kept), then pays it. */
export function PayPoolDialog({ pool, onClose }: { pool: CtoPool | null; onClose: () => void }) {
  const { t } = useLingui();
  const detail = useCtoDetail(pool?.id ?? null);
  const period = pool?.period ?? '';
  const pay = usePayCto();
  const preview = detail.data?.preview;
  // the first eight names, then how many more (usernames as they are)
  const firstNames = (preview?.qualified ?? [])
    .slice(0, 8)
    .map((m) => m.username)
    .join(', ');
  const more = (preview?.members ?? 0) - 8;
  const close = () => {
    if (pay.isPending) return;
    pay.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open={pool !== null}
      title={t`Pay the CTO of ${period}?`}
      description={t`Each member qualified now receives an equal share into their earnings. The share is rounded down to the last micro-unit; what rounding leaves is not paid. A pool is paid once.`}
      confirmLabel={t`Pay CTO`}
      busy={pay.isPending}
      onConfirm={() =>
        pool &&
        pay.mutate(pool.id, {
          onSuccess: (res) => {
            toast.success(res.message);
            onClose();
          },
        })
      }
      onCancel={close}
    >
      {pay.isError && <Banner tone="error">{errorMessage(pay.error)}</Banner>}
      {detail.isPending && <Spinner label={t`Working out the shares`} />}
      {detail.error && <Banner tone="error">{errorMessage(detail.error)}</Banner>}
      {pool && preview && (
        <>
          <SummaryList
            rows={[
              { label: t`Pool`, value: <Money value={pool.amount} /> },
              { label: t`Members qualified now`, value: preview.members, testId: 'cto-preview-members' },
              {
                label: t`Each receives`,
                value: <Money value={preview.share} />,
                strong: true,
                testId: 'cto-preview-share',
              },
              { label: t`Not paid (rounding)`, value: <Money value={preview.remainder} /> },
            ]}
          />
          {preview.members === 0 && (
            <Banner tone="error">
              <Trans>Nobody qualifies now: paying would be refused. Check the rules in Settings.</Trans>
            </Banner>
          )}
          {preview.members > 0 && (
            <p className="text-xs text-muted">
              {preview.members > 8 ? t`${firstNames} and ${more} more` : firstNames}
            </p>
          )}
        </>
      )}
    </ConfirmDialog>
  );
}
