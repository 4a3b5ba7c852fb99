import { forbidden, notFound, type AppError } from '../errors';

/**
 * Who may withdraw a friend request (docs/friend-requests.md): only its sender. Its target is
 * told so (403: they know of the request); anyone else, or a request of a deactivated person,
 * is 404, as a request that does not exist.
 */
export function withdrawRequestRefusal(request: { from_user_id: number; to_user_id: number } | undefined, userId: number): AppError | null {
  if (!request || (request.from_user_id !== userId && request.to_user_id !== userId)) return notFound('Friend request not found', 'FRIEND_REQUEST_NOT_FOUND');
  if (request.from_user_id !== userId) return forbidden('Only the person who sent a friend request can withdraw it', 'NOT_THE_SENDER');
  return null;
}
