import { BANNER_MAX_BYTES, NOTIFICATION_MSG } from '@app/contracts/notifications';
import { Trans, useLingui } from '@lingui/react/macro';
import { ImageUp } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { useBanner, useUploadBanner } from '../../../api/notifications';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { SuccessPopup } from '../../../components/ui/SuccessPopup';
import { formatRelative } from '../../../lib/format';

const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

/** Spec 2.3 banner image upload: POST /notifications/banner (field `image`); the member dashboard shows it. */
export function BannerUploadCard() {
  const { t } = useLingui();
  const current = useBanner();
  const upload = useUploadBanner();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (picked: File | undefined) => {
    upload.reset();
    setProblem(null);
    if (!picked) return setFile(null);
    // The server decides by the file's bytes; these checks only save a pointless upload.
    if (!ACCEPT.split(',').includes(picked.type)) {
      setProblem(NOTIFICATION_MSG.imageType);
      return setFile(null);
    }
    if (picked.size > BANNER_MAX_BYTES) {
      setProblem(NOTIFICATION_MSG.imageTooLarge);
      return setFile(null);
    }
    setFile(picked);
  };

  const send = () => {
    if (!file) return setProblem(t`Choose an image first`);
    upload.mutate(file, {
      onSuccess: (data) => {
        setDone(data.message);
        setFile(null);
        if (input.current) input.current.value = '';
      },
    });
  };

  const shown = preview ?? current.data?.url;
  const uploaded = current.data ? formatRelative(current.data.created_at) : '';
  const error = problem ?? (upload.isError ? errorMessage(upload.error) : null);

  return (
    <Card title={t`Dashboard banner`}>
      <p className="-mt-2 mb-4 text-sm text-muted">
        <Trans>
          Shown at the top of every member's dashboard. PNG, JPEG, WebP or GIF, up to 2 MB; a wide image
          (about 3:1) looks best.
        </Trans>
      </p>
      <div className="mb-4 flex aspect-[3/1] items-center justify-center overflow-hidden rounded-lg border border-dashed border-line bg-subtle">
        {current.isPending && !preview ? (
          <Spinner label={t`Loading the current banner`} />
        ) : shown ? (
          <img
            src={shown}
            alt={preview ? t`Preview of the chosen banner` : t`Current banner`}
            className="size-full object-cover"
          />
        ) : (
          <span className="flex flex-col items-center gap-1 text-sm text-muted">
            <ImageUp className="size-6" aria-hidden="true" />
            <Trans>No banner yet</Trans>
          </span>
        )}
      </div>
      {current.data && !preview && (
        <p className="mb-3 text-xs text-muted">
          <Trans>Current banner uploaded {uploaded}.</Trans>
        </p>
      )}
      <div className="flex flex-col gap-3">
        <div className="flex flex-col gap-1.5">
          <label htmlFor="banner-image" className="text-sm font-medium text-fg">
            <Trans>Banner image</Trans>
          </label>
          <input
            id="banner-image"
            ref={input}
            type="file"
            name="image"
            accept={ACCEPT}
            disabled={upload.isPending}
            onChange={(e) => choose(e.target.files?.[0])}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'banner-image-error' : undefined}
            className="block w-full text-sm text-muted file:mr-3 file:rounded-lg file:border file:border-line file:bg-surface file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-fg hover:file:bg-subtle"
          />
        </div>
        {error && (
          <p id="banner-image-error" role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
        <Button onClick={send} busy={upload.isPending} disabled={!file} className="self-start">
          {upload.isPending ? t`Uploading…` : t`Upload banner`}
        </Button>
      </div>
      <SuccessPopup message={done} clear={() => setDone(null)} />
    </Card>
  );
}
