/**
 * The `openai` bot generator (docs/decisions/0001-bot-runs-on-pg-boss.md): asks any OpenAI-compatible chat-completions endpoint for a
 * stack as JSON and checks the answer with the rules of a user's stack (spec 2 §5). Anything else
 * (an HTTP error, a timeout, an answer that is not JSON or breaks a rule) throws, which the engine
 * records as a failed run.
 */
import { z } from 'zod';
import { LIMITS } from '../../../shared/limits';
import { Positions, STACK_MESSAGES } from '../../../shared/schemas/stacks';
import type { OpenAiConfig } from '../../config';
import type { Generate } from './bots.engine';
import { normaliseTag } from './pick-topic';

export interface ChatPrompt {
  system: string;
  user: string;
}

const SYSTEM_PROMPT = [
  'You write "stacks" for a social game in which friends rank six items from best to worst.',
  'Answer with one JSON object and nothing else: {"name": "...", "positions": ["...", "...", "...", "...", "...", "..."]}.',
  `"name" is the stack's title: at most ${LIMITS.stackNameMax} characters.`,
  `"positions" are exactly ${LIMITS.positionsPerStack} different items of the same kind that people can argue about, each at most ${LIMITS.positionMax} characters, without numbering.`,
  'Keep it light-hearted and suitable for everyone.',
].join('\n');

/** A tag as the prompt reads it: 'movies (horror)' becomes 'movies, within horror'. */
function describeTag(tag: string): string {
  const { word, context } = normaliseTag(tag);
  return context ? `${word}, within ${context}` : word;
}

/** The messages sent for a run with these tags; the engine records them as the run's raw_prompt. */
export function buildPrompt(tags: string[]): ChatPrompt {
  const described = tags.map(describeTag).filter(Boolean);
  const user =
    described.length > 0
      ? `Write one stack about one of these topics (a topic after "within" narrows the one before it):\n${described.map((tag) => `- ${tag}`).join('\n')}`
      : 'Write one stack about any everyday topic.';
  return { system: SYSTEM_PROMPT, user };
}

/** The answer's content, checked like a user's stack; unlike a user's stack it must have a name. */
const GeneratedAnswer = z.object(
  {
    name: z.string({ error: (issue) => (issue.input === undefined ? 'name is required' : 'name must be a text') }).trim().min(1, 'name is required').max(LIMITS.stackNameMax, STACK_MESSAGES.nameMax),
    positions: Positions,
  },
  { error: 'the answer must be an object with name and positions' },
);

/** Only the parts of a chat-completions answer the generator reads. */
const ChatCompletion = z.object({
  choices: z
    .array(z.object({ message: z.object({ content: z.string().nullish(), refusal: z.string().nullish() }) }))
    .min(1),
});

/** At most this much of an answer is quoted in an error. */
const QUOTE_MAX = 200;
const quote = (text: string) => JSON.stringify(text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX)}…` : text);

/** Some compatible servers wrap JSON in a Markdown fence even when asked for a JSON object. */
function unfence(text: string): string {
  const match = /^\s*```(?:json)?\s*\n([\s\S]*?)\n?```\s*$/i.exec(text);
  return match ? match[1] : text;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The error of an HTTP error answer, with OpenAI's {error: {message}} when there is one. */
function httpError(status: number, text: string, config: OpenAiConfig): Error {
  const body = parseJson(text) as { error?: { message?: unknown } } | null | undefined;
  const detail = typeof body?.error?.message === 'string' ? `: ${body.error.message.slice(0, QUOTE_MAX)}` : '';
  const hint = status === 401 && !config.apiKey ? ' (OPENAI_API_KEY is not set)' : '';
  return new Error(`The generator answered HTTP ${status}${detail}${hint}`);
}

/** fetch rejects with a DOMException named TimeoutError when AbortSignal.timeout fires. */
const isTimeout = (error: unknown) => error instanceof Error && error.name === 'TimeoutError';

/**
 * A Generate that asks the endpoint of `config` (POST {baseUrl}/chat/completions) for a stack.
 * The whole exchange, answer body included, is cut off after config.timeoutMs.
 */
export function createOpenAiGenerator(config: OpenAiConfig, fetchImpl: typeof fetch = fetch): Generate {
  const url = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  return async (tags) => {
    const prompt = buildPrompt(tags);
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;
    const body = JSON.stringify({
      model: config.model,
      messages: [
        { role: 'system', content: prompt.system },
        { role: 'user', content: prompt.user },
      ],
      response_format: { type: 'json_object' },
      // 1 varies the stacks from day to day, and is the one value every OpenAI model accepts (reasoning models refuse others).
      temperature: 1,
    });

    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(config.timeoutMs) });
      text = await response.text();
    } catch (error) {
      if (isTimeout(error)) throw new Error(`The generator timed out after ${config.timeoutMs} ms`, { cause: error });
      // fetch reports 'fetch failed'; its cause says what happened (ECONNREFUSED, a DNS failure, ...).
      const reason = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined;
      throw new Error(`The generator could not be reached: ${reason ?? (error instanceof Error ? error.message : String(error))}`, { cause: error });
    }
    if (!response.ok) throw httpError(response.status, text, config);

    const completion = ChatCompletion.safeParse(parseJson(text));
    if (!completion.success) throw new Error(`The generator answer is not a chat completion: ${quote(text)}`);
    const { content, refusal } = completion.data.choices[0].message;
    if (!content) throw new Error(refusal ? `The generator refused: ${quote(refusal)}` : 'The generator answer has no content');
    const json = parseJson(unfence(content));
    if (json === undefined) throw new Error(`The generator answer is not JSON: ${quote(content)}`);
    const answer = GeneratedAnswer.safeParse(json);
    if (!answer.success) {
      const issues = answer.error.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message));
      throw new Error(`The generator answer is not valid: ${issues.join('; ')}`);
    }
    return { name: answer.data.name, positions: answer.data.positions };
  };
}
