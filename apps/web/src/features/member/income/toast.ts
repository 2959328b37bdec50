import { BANNER_CLEAR_MS } from '@app/contracts/client';
import toast from 'react-hot-toast';

/**
 * The Income Dashboard's toasts (spec 2.7): bottom right, cleared after 3 seconds, unlike the app's
 * top-right toasts. An id keeps a repeated message (the same failed load) to one toast.
 */
const OPTIONS = { position: 'bottom-right', duration: BANNER_CLEAR_MS } as const;

export const incomeToast = {
  success: (message: string, id?: string) => toast.success(message, { ...OPTIONS, id }),
  error: (message: string, id?: string) => toast.error(message, { ...OPTIONS, id }),
};
