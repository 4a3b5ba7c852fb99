import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAvatar } from '@dicebear/core';
import { bottts, shapes, thumbs } from '@dicebear/collection';
import { Router, type Response } from 'express';

const BOT_ASSETS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bots');

/** The same URL always gives the same picture, so browsers may keep it for a year. */
function sendSvg(res: Response, svg: string) {
  res.setHeader('Content-Type', 'image/svg+xml');
  res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  res.send(svg);
}

export function userAvatarSvg(username: string, avatarId: number): string {
  return createAvatar(thumbs, { seed: `${username}-${avatarId}`, radius: 50 }).toString();
}

export function groupAvatarSvg(name: string): string {
  return createAvatar(shapes, { seed: `group-${name}`, radius: 12 }).toString();
}

export function botAvatarSvg(avatarId: number): string {
  return createAvatar(bottts, { seed: `stacks-bot-${avatarId}`, radius: 20 }).toString();
}

/** Avatar routes: generated user and group avatars, and the nine shipped bot images. */
export function avatarRoutes(): Router {
  const router = Router();
  const bots = new Map<number, string>();
  for (let id = 1; id <= 9; id += 1) bots.set(id, readFileSync(path.join(BOT_ASSETS, `${id}.svg`), 'utf8'));

  router.get('/avatars/users/:avatarId/:file', (req, res) => {
    const avatarId = Number(req.params.avatarId);
    const username = req.params.file.replace(/\.svg$/, '');
    if (!Number.isInteger(avatarId) || avatarId < 1 || avatarId > 9 || !username || username.length > 64) {
      res.status(404).json({ detail: 'No such avatar', code: 'NOT_FOUND' });
      return;
    }
    sendSvg(res, userAvatarSvg(username, avatarId));
  });
  router.get('/avatars/groups/:file', (req, res) => {
    const name = req.params.file.replace(/\.svg$/, '');
    if (!name || name.length > 64) {
      res.status(404).json({ detail: 'No such avatar', code: 'NOT_FOUND' });
      return;
    }
    sendSvg(res, groupAvatarSvg(name));
  });
  router.get('/assets/:avatarId', (req, res) => {
    const svg = bots.get(Number(req.params.avatarId.replace(/\.svg$/, '')));
    if (!svg) {
      res.status(404).json({ detail: 'No such bot avatar', code: 'NOT_FOUND' });
      return;
    }
    sendSvg(res, svg);
  });
  return router;
}
