import { messageResponse } from '@app/contracts/common';
import { settingsResponse, settingsUpdateBody } from '@app/contracts/settings';
import { actorOf } from '../../http/access.js';
import type { Api } from '../../http/types.js';
import type { SettingsService } from './service.js';

export function settingsRoutes(app: Api, settings: SettingsService) {
  app.get('/settings', {
    config: { access: 'member-or-admin' },
    schema: {
      tags: ['settings'],
      description: 'Minimums, fees and switches in force.',
      response: { 200: settingsResponse },
    },
    handler: async () => ({ settings: await settings.get() }),
  });

  app.put('/settings', {
    config: { access: 'admin' },
    schema: {
      tags: ['settings'],
      body: settingsUpdateBody,
      response: { 200: messageResponse.extend({ settings: settingsResponse.shape.settings }) },
    },
    handler: async (req) => ({
      message: 'Settings updated',
      settings: await settings.update(actorOf(req), req.body),
    }),
  });
}
