import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { engine } from '../server/helpers.ts';
import { openChat, upload } from '../server/upload-support.ts';
import { from, twoInstances } from './two-instances.ts';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

describe(`chat file links across processes on one database (${engine})`, () => {
  it('a link one instance signs opens the file on the other; a changed one does not', async () => {
    const two = await twoInstances();
    try {
      const chat = await openChat(two.a, '8101');
      const up = await upload(two.a, { name: 'photo.png', data: PNG }, { chatToken: chat.token });
      expect(up.status).toBe(200);
      const id = up.body.data.id as string;
      // The two instances keep uploads in their own DATA_DIR: a deployment shares the folder, the test copies the file.
      const uploads = (dataDir: string) => path.join(dataDir, 'uploads');
      fs.mkdirSync(uploads(two.b.ctx.config.dataDir), { recursive: true });
      fs.copyFileSync(path.join(uploads(two.a.ctx.config.dataDir), id), path.join(uploads(two.b.ctx.config.dataDir), id));

      const login = await from(two.a.app, '10.3.5.1', 'POST', '/api/default/login', { username: 'agent1', password: 'agent123' });
      const links = await from(two.a.app, '10.3.5.1', 'POST', '/api/File/links', { ids: [id] }, { authorization: `Bearer ${login.body.data.token}` });
      expect(links.status).toBe(200);
      const url = links.body.data.links[id] as string;
      const onB = await two.b.app.inject({ method: 'GET', url });
      expect(onB.statusCode).toBe(200);
      expect(onB.rawPayload.equals(PNG)).toBe(true);
      const forged = await two.b.app.inject({ method: 'GET', url: url.replace(/exp=(\d+)/, (_m, exp: string) => `exp=${Number(exp) + 60}`) });
      expect(forged.statusCode).toBe(403);
    } finally {
      await two.close();
    }
  });
});
