import type {
  LinkedWallet,
  Web3Config,
  Web3Deposit,
  Web3DepositStatus,
  Web3Overview,
  web3DepositListResponse,
} from '@app/contracts/web3';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Side } from './auth-store';
import { request } from './client';

export type Web3DepositList = z.infer<typeof web3DepositListResponse>;

const keys = {
  config: ['web3', 'config'] as const,
  wallets: ['web3', 'wallets'] as const,
  deposits: ['web3', 'deposits'] as const,
  overview: ['web3', 'overview'] as const,
};

/** GET /web3/config: chains, WalletConnect project id (empty: no QR pairing), the deposit address. */
export function useWeb3Config() {
  return useQuery({
    queryKey: keys.config,
    queryFn: ({ signal }) => request<Web3Config>('/web3/config', { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useLinkedWallets() {
  return useQuery({
    queryKey: keys.wallets,
    queryFn: ({ signal }) => request<{ wallets: LinkedWallet[] }>('/web3/wallets', { as: 'member', signal }),
  });
}

/** Nonce, signature, link: `sign` is the wallet's personal_sign of the server's message. */
export function useLinkWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      address,
      sign,
    }: {
      address: string;
      sign: (message: string) => Promise<string>;
    }) => {
      const { message } = await request<{ message: string }>('/web3/wallets/nonce', {
        method: 'POST',
        body: { address },
        as: 'member',
      });
      const signature = await sign(message);
      return request<{ message: string; wallet: LinkedWallet }>('/web3/wallets', {
        method: 'POST',
        body: { address, signature },
        as: 'member',
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.wallets }),
  });
}

export function useUnlinkWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      request<{ message: string }>(`/web3/wallets/${id}`, { method: 'DELETE', as: 'member' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.wallets }),
  });
}

function useAfterDeposit() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: keys.deposits }),
      queryClient.invalidateQueries({ queryKey: ['users'] }),
    ]);
}

/** POST /web3/deposits: the server verifies the transaction on chain (credited or confirming). */
export function useSubmitWeb3Deposit() {
  const onSettled = useAfterDeposit();
  return useMutation({
    mutationFn: (body: { chain_id: number; tx_hash: string }) =>
      request<{ message: string; deposits: Web3Deposit[] }>('/web3/deposits', {
        method: 'POST',
        body,
        as: 'member',
      }),
    onSettled,
  });
}

/** POST /web3/deposits/{id}/check: the chain read again for a confirming deposit. */
export function useCheckWeb3Deposit(as: Side = 'member') {
  const onSuccess = useAfterDeposit();
  return useMutation({
    mutationFn: (id: number) =>
      request<{ message: string; deposit: Web3Deposit }>(`/web3/deposits/${id}/check`, {
        method: 'POST',
        as,
      }),
    onSuccess,
  });
}

export interface Web3DepositParams {
  page: number;
  limit: number;
  status?: Web3DepositStatus;
}

export function useWeb3Deposits(params: Web3DepositParams, as: Side, refetchInterval?: number | false) {
  return useQuery({
    queryKey: [...keys.deposits, as, params],
    queryFn: ({ signal }) => request<Web3DepositList>('/web3/deposits', { as, signal, query: { ...params } }),
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}

export function useWeb3Overview() {
  return useQuery({
    queryKey: keys.overview,
    queryFn: ({ signal }) => request<Web3Overview>('/web3/overview', { as: 'admin', signal }),
  });
}
