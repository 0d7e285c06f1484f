import { describe, expect, it } from 'vitest';
import { readQuestion } from '../../../../shared/grading/question-spec';
import { analystScorer } from '../../../../shared/grading/scorers/analyst';
import { extractStated } from '../../../../shared/grading/stated-answer';
import type { JsonValue, Verdict } from '../../../../shared/grading/verdict';
import { compact } from '../../../../shared/util/compact';

// Every rule of the analyst scorer on phrasing taken from real GPT-4, Claude-2 and Llama-2
// answers to FinanceBench questions (../shared/data/financebench/human_graded_results), with
// the experts' label noted where the example comes from a graded answer.

const judge = (gold: JsonValue, output: string, question?: string): Verdict =>
  analystScorer.score({
    gold,
    prediction: output,
    predictionKind: 'text',
    ...compact({ question }),
  });

const Q_MILLIONS =
  'What is the FY2018 capital expenditure amount (in USD millions) for 3M? Give a response to the question by relying on the details shown in the cash flow statement.';
const Q_BILLIONS =
  'How much (in USD billions) did American Water Works pay out in cash dividends for FY2020? Compute or extract the answer by primarily using the details outlined in the statement of cash flows.';
const Q_PERCENT_1DP =
  "What is Adobe's year-over-year change in unadjusted operating income from FY2015 to FY2016 (in units of percents and round to one decimal place)? Give a solution to the question by using the income statement.";
const Q_RATIO_2DP =
  'What is the FY2019 fixed asset turnover ratio for Activision Blizzard? Fixed asset turnover ratio is defined as: FY2019 revenue / (average PP&E between FY2018 and FY2019). Round your answer to two decimal places.';
const Q_ROA_2DP =
  "Based on the information provided primarily in the statement of financial position and the statement of income, what is AES's FY2022 return on assets (ROA)? ROA is defined as: FY2022 net income / (average total assets between FY2021 and FY2022). Round your answer to two decimal places.";

describe('question spec: unit, scale and precision read from the question', () => {
  it.each([
    [Q_MILLIONS, { scale: 'million', percent: false }],
    [Q_BILLIONS, { scale: 'billion', percent: false }],
    [
      'What is the year end FY2019 total amount of inventories for Best Buy? Answer in USD millions.',
      { scale: 'million' },
    ],
    [Q_PERCENT_1DP, { percent: true, decimals: 1 }],
    [Q_RATIO_2DP, { percent: false, decimals: 2 }],
    [
      'what is the FY2015 - FY2017 3 year average net profit margin (as a %) for Best Buy? Answer in units of percents and round to one decimal place.',
      { percent: true, decimals: 1 },
    ],
  ])('%s', (q, expected) => {
    expect(readQuestion(q)).toMatchObject(expected);
  });
});

describe('extraction: the stated answer, not years, formula constants or list markers', () => {
  it('takes the concluding sentence, not the last number (a year in a date)', () => {
    const out =
      'Based on the cash flow statement in the 3M 10-K filing, the capital expenditure amount for FY2018 is:\n\n$1,577 million\n\nThis is shown in the "Cash Flows from Investing Activities" section for the year ended December 31, 2018.';
    expect(extractStated(out).value?.number.value).toBe(1577);
    expect(judge(1577, out, Q_MILLIONS).outcome).toBe('correct');
  });

  it('takes the result after the last "=", not the operands or the "× 100"', () => {
    const out =
      'So, the COGS % margin for Coca Cola in FY2021 is (15,357 / 38,655) * 100 = 39.73%.';
    const v = extractStated(out).value;
    expect(v?.number.value).toBe(39.73);
    expect(v?.via).toBe('conclusion');
  });

  it('takes the first of alternative renderings ("17.98, or rounded …, 18.00")', () => {
    const out =
      'The fixed asset turnover ratio for FY2018 is then calculated as: $194,579 million / $10,820.5 million = 17.98, or rounded to two decimal places, 18.00.';
    expect(judge(17.98, out, Q_RATIO_2DP).outcome).toBe('correct'); // experts: Correct
  });

  it('does not read a company name such as "3M" as 3 million', () => {
    const out = 'The FY2018 capital expenditure amount for 3M is $1,577 million.';
    expect(extractStated(out).value?.number.value).toBe(1577);
  });

  it('prefers the value a copula states over a period length ("the 3 year average … is 55.1%")', () => {
    const out =
      'Therefore, the 3 year average of cost of goods sold as a percentage of revenue for Nike from FY2016 to FY2018 is 55.1%.';
    expect(extractStated(out).value?.number.value).toBe(55.1);
  });

  it('skips list markers and formula constants in a guide on how to compute it', () => {
    const out =
      "Here's how you can calculate it:\n\n1. Find the unadjusted operating income on the income statement.\n2. Divide the unadjusted EBITDA by total revenue and multiply by 100 to get the EBITDA margin as a percentage.\n\n7.";
    expect(extractStated(out).value).toBeUndefined();
  });

  it('reads a scale written after the number ("$302,578 in thousands")', () => {
    const out =
      'The year-end FY2018 amount of accounts payable for MGM Resorts is $302,578 in thousands, which is equivalent to $302.578 million.';
    expect(judge(303, out, Q_MILLIONS).outcome).toBe('correct'); // experts: Correct
  });

  it('uses a number copied from the question only where it is the stated result', () => {
    const q =
      "What is the quantity of restructuring costs directly outlined in AES Corporation's income statements for FY2022? If restructuring costs are not explicitly outlined then state 0.";
    const out =
      "The income statement for AES Corporation's FY2022 does not explicitly outline any restructuring costs. Therefore, the quantity of restructuring costs is 0.";
    expect(judge(0, out, q).outcome).toBe('correct'); // experts: Correct
  });
});

describe('refusals and hedges', () => {
  it.each([
    "As an AI, I don't have real-time access to financial databases or the ability to browse the internet. Therefore, I can't provide the specific information you're asking for.",
    "I'm sorry, but the information provided does not include the total current liabilities for Adobe in FY2015, which is needed to calculate the operating cash flow ratio.",
    "The text doesn't provide the necessary information to answer this question.",
    "Without the specific financial data for Corning's FY2019 and FY2020, it's impossible to calculate the DPO. Please provide this information.",
    'The document does not provide specific information on the FY2020 free cash flow (FCF) for General Mills.',
  ])('declining with no value stated is a refusal: %s', (out) => {
    const v = judge(3215, out, Q_MILLIONS);
    expect(v.outcome).toBe('refusal');
    expect(v.rule).toMatch(/^refusal/);
  });

  it('a refusal that quotes input figures first and then declines is a refusal', () => {
    const out =
      "The relevant evidence to answer the question is:\n\nNet income attributable to shareowners of The Coca-Cola Company for 2022: $9,542 million\n\nHowever, the total cash dividends paid in 2022 is not clearly displayed in the provided information. Therefore, it's not possible to calculate the dividend payout ratio for Coca Cola's FY2022 with the given information.";
    expect(judge(0.8, out).outcome).toBe('refusal'); // experts: Refusal
  });

  it('a hedged answer that states the right figure is correct, and the rule says so', () => {
    const out =
      "Based on the information provided in the income statement excerpt only, I cannot conclusively determine Amazon's FY2019 net income attributable to shareholders. The income statement shows net income of $11,588 million for FY2019, but does not specify how much of that is attributable to shareholders specifically.";
    const v = judge(
      11588,
      out,
      "what is Amazon's FY2019 net income attributable to shareholders (in USD millions)?",
    );
    expect(v.outcome).toBe('correct'); // experts: Correct
    expect(v.rule).toMatch(/despite a hedge/);
  });

  it('a value stated after the hedge is graded as the answer', () => {
    const out =
      "The total amount of inventories for Best Buy at the end of FY2019 is not directly stated in the provided financial statements. However, we can calculate it. Therefore, the year-end FY2019 total amount of inventories for Best Buy is $4,607 million, as reported in the Company's consolidated balance sheet.";
    expect(judge(5409, out, 'Answer in USD millions.').outcome).toBe('incorrect'); // experts: Incorrect
  });
});

describe('question-aware units and scale', () => {
  it('"$32.78 billion" answers a question in USD millions with gold 32780', () => {
    const v = judge(32780, 'The FY2016 COGS for Microsoft was $32.78 billion.', Q_MILLIONS);
    expect(v.outcome).toBe('correct');
    expect(v.rule).toMatch(/billions converted to millions/);
  });

  it('"$1.577 billion" equals gold 1577 for a question in USD millions', () => {
    expect(judge(1577, 'Capex was $1.577 billion.', Q_MILLIONS).outcome).toBe('correct');
  });

  it('"$389 million" equals gold 0.4 for a question in USD billions (gold precision)', () => {
    const v = judge(
      0.4,
      'So American Water Works paid out $389 million in cash dividends for FY2020.',
      Q_BILLIONS,
    );
    expect(v.outcome).toBe('correct'); // experts: Correct
  });

  it('an unscaled dollar figure is read as dollars: "$5,466,312,000" = 5466 millions', () => {
    const out =
      'The total current liabilities for Netflix at the end of FY2017 were $5,466,312,000.';
    expect(judge(5466, out, Q_MILLIONS).outcome).toBe('correct'); // experts: Correct
  });

  it('a percent answer equals a gold stored as a fraction when the question asks in percents', () => {
    const q =
      'What is the FY2018 - FY2020 3 year average of capex as a % of revenue for MGM Resorts? Answer in units of percents and round to one decimal place.';
    expect(judge(0.079, 'So, the 3-year average is 7.9%.', q).outcome).toBe('correct');
  });

  it('a ×1000 error stays wrong and is named ("$5,466,312 in USD millions")', () => {
    const out =
      "Based on the information provided in the Consolidated Balance Sheet, Netflix's year-end FY2017 total current liabilities are $5,466,312 in USD millions.";
    const v = judge(5466, out, Q_MILLIONS);
    expect(v.outcome).toBe('incorrect'); // experts: Incorrect
    expect(v.rule).toMatch(/off by ×1000 \(scale\)/);
  });

  it('a sign error stays wrong and is named', () => {
    const v = judge(-0.02, 'So, the ROA is 0.0153 or 1.53%.', Q_ROA_2DP);
    expect(v.outcome).toBe('incorrect');
    expect(v.rule).toMatch(/sign flipped/);
  });
});

describe('tolerance tied to the requested precision', () => {
  it('equal after rounding to the requested decimals: ROA -1.53% for gold -0.02', () => {
    const out =
      'ROA = -$546 million / $35,663 million = -0.0153 or -1.53% when rounded to two decimal places.';
    const v = judge(-0.02, out, Q_ROA_2DP);
    expect(v.outcome).toBe('correct'); // experts: Correct
    expect(v.rule).toMatch(/^equal at the requested precision \(2 decimals\)/);
  });

  it('but -1.42% is not -0.02 at two decimals (experts: Incorrect)', () => {
    const out = "Rounded to two decimal places, AES's FY2022 ROA is -1.42%.";
    expect(judge(-0.02, out, Q_ROA_2DP).outcome).toBe('incorrect');
  });

  it('within one unit of the last requested decimal: 24.25 for 24.26, 65.3% for 0.654', () => {
    const a = judge(24.26, 'Therefore the fixed asset turnover ratio is 24.25.', Q_RATIO_2DP);
    expect(a.outcome).toBe('correct');
    expect(a.rule).toMatch(/within one unit of the last requested decimal/);
    const b = judge(
      0.654,
      "Therefore, Adobe's year-over-year change in unadjusted operating income from FY2015 to FY2016 was 65.3%.",
      Q_PERCENT_1DP,
    );
    expect(b.outcome).toBe('correct'); // experts: Correct
  });

  it('two units off is wrong: 24.24 for 24.26', () => {
    expect(judge(24.26, 'Therefore the ratio is 24.24.', Q_RATIO_2DP).outcome).toBe('incorrect');
  });

  it('no requested precision: the gold\'s own, so "$302 million" is not 303 (experts: Incorrect)', () => {
    const out =
      'Therefore, the year end FY2018 amount of accounts payable for MGM Resorts is $302 million.';
    expect(judge(303, out, Q_MILLIONS).outcome).toBe('incorrect');
    expect(
      judge(3215, 'So the FY2020 free cash flow is $3,215.4 million.', Q_MILLIONS).outcome,
    ).toBe('correct'); // experts: Correct
  });
});

describe('text golds', () => {
  it('yes/no against yes/no', () => {
    expect(judge('Yes. It decreased.', 'Yes, the VaR decreased.').outcome).toBe('correct');
    expect(judge('No, it did not.', 'Yes. It increased.').rule).toMatch(/opposite yes\/no/);
  });

  it("the gold's figures must appear in the answer", () => {
    const gold = 'The consumer segment shrunk by 0.9% organically.';
    expect(judge(gold, 'The Consumer segment declined 0.9% organically.').outcome).toBe('correct');
    const v = judge(gold, 'The Safety and Industrial segment, with a net sales decrease of 3.2%.');
    expect(v.outcome).toBe('incorrect');
    expect(v.rule).toMatch(/misses a figure/);
  });
});

describe('bad input gets a clear per-item outcome', () => {
  it.each([
    ['', 'no-answer', /empty output/],
    ['   \n ', 'no-answer', /empty output/],
    ['1.234,5', 'no-answer', /decimal comma/],
    ['The margin was 12,5 %.', 'no-answer', /decimal comma/],
  ])('output %j → %s', (out, outcome, rule) => {
    const v = judge(1234.5, out);
    expect(v.outcome).toBe(outcome);
    expect(v.rule).toMatch(rule);
  });

  it('"(3.2)" is the accounting negative -3.2', () => {
    expect(judge(-3.2, '(3.2)').outcome).toBe('correct');
    expect(judge(3.2, '(3.2)').rule).toBe('sign flipped');
  });

  it('a null prediction, a non-numeric or empty gold, a decimal-comma gold', () => {
    expect(analystScorer.score({ gold: 5, prediction: null, predictionKind: 'text' }).rule).toBe(
      'no prediction',
    );
    expect(judge('', 'Therefore it is 5.').outcome).toBe('error');
    expect(judge('1.234,5', 'Therefore it is 1234.5.').rule).toMatch(/decimal comma/);
    expect(judge(null, 'Therefore it is 5.').outcome).toBe('error');
  });

  it('100k characters: graded from the tail, and the rule says how much was read', () => {
    const out = `${'The company reported many figures in 2019. '.repeat(2400)}Therefore, the answer is $1,577 million.`;
    expect(out.length).toBeGreaterThan(100_000);
    const t0 = Date.now();
    const v = judge(1577, out, Q_MILLIONS);
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(v.outcome).toBe('correct');
    expect(v.rule).toMatch(/only the last 20000 characters read/);
  });
});
