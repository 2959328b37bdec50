import {
  publicSettingsResponse,
  settingsPatch,
  settingsResponse,
  settingsUpdateBody,
  settingsUpdateResponse,
} from '@app/contracts/settings';
import { actorOf } from '../../../http/access.js';
import type { Api } from '../../../http/types.js';
import type { SettingsService } from './service.js';

export function settingsRoutes(app: Api, settings: SettingsService) {
  app.get('/settings', {
    config: { access: 'member-or-admin', area: 'any' },
    schema: {
      tags: ['settings'],
      description:
        'Minimums, fees, switches, site name and contact in force (members read them for the previews of money actions).',
      response: { 200: settingsResponse },
    },
    handler: async () => ({ settings: await settings.get() }),
  });

  app.get('/settings/public', {
    config: { access: 'public' },
    schema: {
      tags: ['settings'],
      description:
        'What a visitor needs before signing in: site name, contact, and whether registration and sign-in are open.',
      response: { 200: publicSettingsResponse },
    },
    handler: async (_req, reply) => {
      reply.header('cache-control', 'no-cache');
      return { settings: await settings.getPublic() };
    },
  });

  app.put('/settings', {
    config: { access: 'admin', area: 'owner' },
    schema: {
      tags: ['settings'],
      description:
        "Changes the given keys, sent as fields of the body or inside `settings` (the spec's body), " +
        'not both; every change is audited (settings.update, before and after).',
      body: settingsUpdateBody,
      response: { 200: settingsUpdateResponse },
    },
    handler: async (req) => {
      const result = await settings.update(actorOf(req), settingsPatch(req.body));
      return { message: result.changed.length ? 'Settings updated' : 'Nothing to change', ...result };
    },
  });
}
