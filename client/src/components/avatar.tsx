import { botAvatarUrl, groupAvatarUrl, userAvatarUrl } from '../../../shared/avatars';

export type AvatarSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

const SIZE_CLASSES: Record<AvatarSize, string> = {
  xs: 'h-8 w-8',
  sm: 'h-10 w-10',
  md: 'h-14 w-14',
  lg: 'h-20 w-20',
  xl: 'h-28 w-28',
};

type AvatarSubject =
  | { kind: 'user'; username: string; avatarId: number }
  | { kind: 'group'; name: string }
  | { kind: 'bot'; name: string; avatarId: number };

export type AvatarProps = AvatarSubject & {
  size?: AvatarSize;
  /** Overrides the default alt text; pass '' when a label next to it already names the subject. */
  alt?: string;
  className?: string;
};

function sourceOf(subject: AvatarSubject): { src: string; alt: string } {
  switch (subject.kind) {
    case 'user':
      return { src: userAvatarUrl(subject.username, subject.avatarId), alt: `${subject.username}'s avatar` };
    case 'group':
      return { src: groupAvatarUrl(subject.name), alt: `${subject.name} group avatar` };
    case 'bot':
      return { src: botAvatarUrl(subject.avatarId), alt: `${subject.name} bot avatar` };
  }
}

/** A round picture for a user, a group or a bot (spec 1 §3 "Avatars"). */
export function Avatar({ size = 'md', alt, className = '', ...subject }: AvatarProps) {
  const source = sourceOf(subject as AvatarSubject);
  return (
    <img
      src={source.src}
      alt={alt ?? source.alt}
      width={64}
      height={64}
      loading="lazy"
      decoding="async"
      className={`${SIZE_CLASSES[size]} shrink-0 rounded-full bg-base-300 object-cover ${className}`}
    />
  );
}
