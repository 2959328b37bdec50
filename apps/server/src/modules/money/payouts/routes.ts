import { idParam } from '@app/contracts/common';
import { hotWalletResponse, payoutBody, payoutResponse } from '@app/contracts/payouts';
import { withdrawalResponse } from '@app/contracts/withdrawals';
import { actorOf } from '../../../http/access.js';
import type { Api } from '../../../http/types.js';
import type { WithdrawalsService } from '../withdrawals/service.js';
import type { PayoutsService } from './service.js';

export function payoutsRoutes(app: Api, payouts: PayoutsService, withdrawals: WithdrawalsService) {
  const tags = ['withdrawals'];
  app.post('/withdrawalrequest/approval/:id', {
    config: { access: 'admin', area: 'finance' },
    schema: {
      tags,
      description:
        'Sign off a pending withdrawal whose net is above FOUR_EYES_ABOVE_USDT (four eyes, first step): another finance admin then pays it on chain or approves it with the payout hash. 409 below the amount (no sign-off needed) or when another admin already signed it off.',
      params: idParam,
      response: { 200: withdrawalResponse },
    },
    handler: async (req) => withdrawals.signOff(actorOf(req), req.params.id),
  });
  app.post('/withdrawalrequest/payout', {
    config: { access: 'admin', area: 'finance' },
    schema: {
      tags,
      description:
        'Pay BEP20 withdrawals from the hot wallet, in order: each is signed, recorded, then sent, and marked approved once confirmed.',
      body: payoutBody,
      response: { 200: payoutResponse },
    },
    handler: async (req) => payouts.pay(actorOf(req), req.body.ids),
  });
  app.get('/withdrawalrequest/payout/wallet', {
    config: { access: 'admin', area: 'finance' },
    schema: {
      tags,
      description:
        'The hot wallet: address, balances read from the chain now, limits and what was paid today.',
      response: { 200: hotWalletResponse },
    },
    handler: async () => payouts.wallet(),
  });
}
