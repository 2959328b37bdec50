import type { ToastOptions } from 'react-hot-toast';

/*
 * toast.success/error for the code of a first visit (the entry, the public pages, the API client):
 * react-hot-toast (~5 KB gzip with goober) comes with the toaster, fetched right after the first
 * paint (app/App.tsx), instead of inside the public pages' 100 KB budget. Same store, same toasts;
 * one raised before the toaster is in waits in that store, as before.
 */
const load = () => import('react-hot-toast').then((module) => module.default);

export const toastLater = {
  success(message: string, options?: ToastOptions) {
    void load().then((toast) => toast.success(message, options));
  },
  error(message: string, options?: ToastOptions) {
    void load().then((toast) => toast.error(message, options));
  },
};
