import { describe, expect, it } from 'vitest';
import { parseJudgeVerdict, parsePairChoice } from '../../../shared/runs/judge-verdict';

describe('parseJudgeVerdict', () => {
  it('reads a bare object, a ```json fence, prose around it, any case and a numeric string', () => {
    expect(
      parseJudgeVerdict('{"verdict":"correct","score":1,"reason":"both figures match"}'),
    ).toEqual({
      status: 'judged',
      verdict: 'correct',
      score: 1,
      reason: 'both figures match',
    });
    expect(
      parseJudgeVerdict(
        'Here is my grade:\n```json\n{"Verdict": "PARTIALLY", "score": "0.5", "reason": "one of two"}\n```\nThanks.',
      ),
    ).toMatchObject({ status: 'judged', verdict: 'partially', score: 0.5 });
    // A brace inside the reason does not cut the object short.
    expect(
      parseJudgeVerdict('{"verdict":"incorrect","score":0,"reason":"says {x} not 42"}'),
    ).toMatchObject({
      status: 'judged',
      reason: 'says {x} not 42',
    });
  });

  it('never guesses: prose, a wrong value, a missing or out-of-range score, disagreeing objects', () => {
    expect(parseJudgeVerdict('The answer is correct.')).toEqual({
      status: 'unreadable',
      problem: 'no JSON object with "verdict" in the reply',
    });
    expect(parseJudgeVerdict('')).toMatchObject({
      status: 'unreadable',
      problem: 'the reply is empty',
    });
    expect(parseJudgeVerdict('{"verdict":"mostly right","score":0.8}')).toMatchObject({
      status: 'unreadable',
      problem: expect.stringMatching(
        /"mostly right" is not correct, partially or incorrect/,
      ) as unknown,
    });
    expect(parseJudgeVerdict('{"verdict":"correct"}')).toMatchObject({ status: 'unreadable' });
    expect(parseJudgeVerdict('{"verdict":"correct","score":7}')).toMatchObject({
      status: 'unreadable',
      problem: expect.stringMatching(/score 7 is not a number from 0 to 1/) as unknown,
    });
    expect(
      parseJudgeVerdict(
        '{"verdict":"correct","score":1} or maybe {"verdict":"incorrect","score":0}',
      ),
    ).toEqual({ status: 'unreadable', problem: 'the reply holds verdicts that disagree' });
    expect(parseJudgeVerdict('{"verdict": "correct", "score": 1,')).toMatchObject({
      status: 'unreadable',
    });
  });

  it('a refusal is told apart from an unreadable reply', () => {
    expect(parseJudgeVerdict("I'm sorry, but I can't help with grading this.")).toMatchObject({
      status: 'refused',
    });
    expect(parseJudgeVerdict('anything', true)).toMatchObject({ status: 'refused' });
    // A verdict that mentions "cannot" is still a verdict.
    expect(
      parseJudgeVerdict('{"verdict":"incorrect","score":0,"reason":"I cannot find 42 in it"}'),
    ).toMatchObject({ status: 'judged', verdict: 'incorrect' });
  });
});

describe('parsePairChoice', () => {
  it('maps A and B to the positions shown, and tie', () => {
    expect(parsePairChoice('{"better":"A","reason":"r"}')).toEqual({
      status: 'judged',
      choice: 'first',
      reason: 'r',
    });
    expect(parsePairChoice('```json\n{"better": "b"}\n```')).toMatchObject({
      choice: 'second',
      reason: '',
    });
    expect(parsePairChoice('{"better":"Tie"}')).toMatchObject({ choice: 'tie' });
  });

  it('anything else is unreadable or refused, never a guess', () => {
    expect(parsePairChoice('{"better":"both"}')).toMatchObject({ status: 'unreadable' });
    expect(parsePairChoice('A is better.')).toMatchObject({ status: 'unreadable' });
    expect(parsePairChoice('{"better":"A"} {"better":"B"}')).toMatchObject({
      status: 'unreadable',
    });
    expect(parsePairChoice('I cannot compare these answers.')).toMatchObject({ status: 'refused' });
  });
});
