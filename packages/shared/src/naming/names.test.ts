import { describe, expect, it } from 'vitest';
import {
  APP_NAME_FROM_PROMPT_MAX,
  appNameFromPrompt,
  cleanSuggestedAppName,
  GENERATED_TOOL_PATH_MAX,
  toolPathCandidate,
  toolPathFromTitle,
} from './names.ts';

describe('appNameFromPrompt', () => {
  it('keeps the first meaningful words, title-cased', () => {
    expect(
      appNameFromPrompt(
        'A recipe planner where I save recipes with ingredients and tags, plan meals for the week, and get a shopping list.',
      ),
    ).toBe('Recipe Planner');
    expect(appNameFromPrompt('Create a CRM with contacts and deals')).toBe('CRM');
    expect(appNameFromPrompt('I want to build a habit tracker for my team')).toBe('Habit Tracker');
    expect(appNameFromPrompt('A support chat that answers customer questions from our help articles')).toBe(
      'Support Chat',
    );
  });

  it('names a generic "tool that does X" after what it does', () => {
    expect(
      appNameFromPrompt(
        'A tool that writes a short, friendly cover letter from a job description and my CV, in the tone I choose.',
      ),
    ).toBe('Cover Letter Writer');
    expect(appNameFromPrompt('An app that tracks my running times')).toBe('Running Times Tracker');
  });

  it('is at most 40 characters, cut at a word', () => {
    const name = appNameFromPrompt(
      'Supercalifragilistic extraordinarily overcomplicated inventory management',
    );
    expect(name.length).toBeLessThanOrEqual(APP_NAME_FROM_PROMPT_MAX);
    expect(name).toBe('Supercalifragilistic Extraordinarily');
  });

  it('falls back to "Untitled app" when nothing is left', () => {
    expect(appNameFromPrompt('   ')).toBe('Untitled app');
    expect(appNameFromPrompt('!!!')).toBe('Untitled app');
  });

  it('uses only the first line', () => {
    expect(appNameFromPrompt('Garden planner\nwith beds and plants')).toBe('Garden Planner');
  });
});

describe('tool paths', () => {
  it('are at most 32 characters, cut at a dash', () => {
    const path = toolPathFromTitle('A tool that writes a short friendly cover letter from a job description');
    expect(path).toBe('a-tool-that-writes-a-short');
    expect(path.length).toBeLessThanOrEqual(GENERATED_TOOL_PATH_MAX);
    expect(toolPathFromTitle('Cover Letter Writer')).toBe('cover-letter-writer');
  });

  it('keep their numbered candidates within the maximum', () => {
    const title = 'Thirty two characters long title!';
    expect(toolPathCandidate(title, 1)).toBe('thirty-two-characters-long-title');
    const second = toolPathCandidate(title, 2);
    expect(second).toBe('thirty-two-characters-long-2');
    expect(second.length).toBeLessThanOrEqual(GENERATED_TOOL_PATH_MAX);
    expect(toolPathCandidate('x'.repeat(40), 12)).toBe(`${'x'.repeat(29)}-12`);
  });
});

describe('cleanSuggestedAppName', () => {
  it('keeps a short name from a model answer, without quotes, markdown or a label', () => {
    expect(cleanSuggestedAppName('Pantry Pal')).toBe('Pantry Pal');
    expect(cleanSuggestedAppName('"Recipe Box".\nIt keeps recipes.')).toBe('Recipe Box');
    expect(cleanSuggestedAppName('**Name:** Meal Planner')).toBe('Meal Planner');
    expect(cleanSuggestedAppName("  'Habit   Hero'  ")).toBe('Habit Hero');
  });

  it('refuses what is not a name: empty, no letters, a sentence, too long', () => {
    expect(cleanSuggestedAppName('')).toBeNull();
    expect(cleanSuggestedAppName('1234')).toBeNull();
    expect(cleanSuggestedAppName('Sure! Here is a name that fits your recipe planning app well')).toBeNull();
    expect(cleanSuggestedAppName('Supercalifragilistic Extraordinarily Overcomplicated')).toBeNull();
  });
});
