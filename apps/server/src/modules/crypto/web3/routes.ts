import { MEMBER_RECORDS } from '@app/contracts/admins';
import { idParam, messageResponse } from '@app/contracts/common';
import {
  walletLinkBody,
  walletLinkResponse,
  walletListQuery,
  walletListResponse,
  walletNonceBody,
  walletNonceResponse,
  web3ConfigResponse,
  web3Deposit,
  web3DepositBody,
  web3DepositListQuery,
  web3DepositListResponse,
  web3DepositResponse,
  web3DepositSubmitResponse,
  web3Overview,
} from '@app/contracts/web3';
import { z } from 'zod';
import { actorOf } from '../../../http/access.js';
import type { Api } from '../../../http/types.js';
import type { Web3Service } from './service.js';
import type { WalletLinks } from './wallets.js';

export function web3Routes(app: Api, web3: Web3Service, wallets: WalletLinks) {
  const tags = ['web3'];
  app.get('/web3/config', {
    config: { access: 'public' },
    schema: {
      tags,
      description: 'Chains, the WalletConnect project id (empty: no QR pairing) and the deposit address.',
      response: { 200: web3ConfigResponse },
    },
    handler: async () => web3.publicConfig(),
  });

  app.get('/web3/wallets', {
    config: { access: 'member-or-admin', area: MEMBER_RECORDS },
    schema: {
      tags,
      description: 'A member sees their linked wallets; an admin every link, or one member with user_id.',
      querystring: walletListQuery,
      response: { 200: walletListResponse },
    },
    handler: async (req) => wallets.list(actorOf(req), req.query.user_id),
  });
  app.post('/web3/wallets/nonce', {
    config: { access: 'member' },
    schema: {
      tags,
      description: 'The message to sign (personal_sign) with the wallet to link it; valid 10 minutes.',
      body: walletNonceBody,
      response: { 200: walletNonceResponse },
    },
    handler: async (req) => wallets.nonce(actorOf(req), req.body.address),
  });
  app.post('/web3/wallets', {
    config: { access: 'member' },
    schema: { tags, body: walletLinkBody, response: { 201: walletLinkResponse } },
    handler: async (req, reply) =>
      reply
        .status(201)
        .send(await wallets.link(actorOf(req), req.body.address, req.body.signature as `0x${string}`)),
  });
  app.delete('/web3/wallets/:id', {
    config: { access: 'member-or-admin', area: 'finance' },
    schema: { tags, params: idParam, response: { 200: messageResponse } },
    handler: async (req) => wallets.unlink(actorOf(req), req.params.id),
  });

  app.post('/web3/deposits', {
    config: { access: 'member' },
    schema: {
      tags,
      description:
        'Verifies a USDT (BEP20) transfer to the platform address on chain and credits it once confirmed.',
      body: web3DepositBody,
      response: { 200: web3DepositSubmitResponse },
    },
    handler: async (req) => web3.submit(actorOf(req), req.body),
  });
  app.get('/web3/deposits', {
    config: { access: 'member-or-admin', area: 'finance' },
    schema: {
      tags,
      description: 'A member sees their own wallet deposits; an admin all of them (user_id narrows).',
      querystring: web3DepositListQuery,
      response: { 200: web3DepositListResponse },
    },
    handler: async (req) => web3.list(actorOf(req), req.query),
  });
  app.get('/web3/deposits/:id', {
    config: { access: 'member-or-admin', area: 'finance' },
    schema: { tags, params: idParam, response: { 200: z.object({ deposit: web3Deposit }) } },
    handler: async (req) => ({ deposit: await web3.get(actorOf(req), req.params.id) }),
  });
  app.post('/web3/deposits/:id/check', {
    config: { access: 'member-or-admin', area: 'finance' },
    schema: {
      tags,
      description: 'Reads the chain again for a confirming deposit and credits it once confirmed.',
      params: idParam,
      response: { 200: web3DepositResponse },
    },
    handler: async (req) => web3.check(actorOf(req), req.params.id),
  });

  app.get('/web3/overview', {
    config: { access: 'admin', area: 'finance' },
    schema: { tags, response: { 200: web3Overview } },
    handler: async () => web3.overview(),
  });
}
