import { describe, expect, it } from 'vitest';
import { toAppBundle } from './app-bundle.ts';

describe('toAppBundle (spec 1 §3 "App bundle files")', () => {
  it('groups a version into the spec fields and keeps the flat list', () => {
    const files = [
      { path: 'Layout.tsx', content: 'layout' },
      { path: 'globals.css', content: 'body{}' },
      { path: 'pages/Home.tsx', content: 'home' },
      { path: 'components/ui/button.jsx', content: 'button' },
      { path: 'services/api.ts', content: 'api' },
      { path: 'entities/Task.json', content: '{"type":"object"}' },
      { path: 'entities/Broken.json', content: '{nope' },
      { path: 'entities/User.json', content: '{"type":"object","properties":{}}' },
      { path: 'functions/sendMail.ts', content: 'send' },
      { path: 'functions/checkout.js', content: 'pay' },
      { path: 'package.json', content: '{}' },
    ];
    const bundle = toAppBundle({ id: 'app-1', versionId: 'v-2', slug: 'crew', name: 'Crew' }, files);
    expect(bundle).toEqual({
      id: 'app-1',
      versionId: 'v-2',
      slug: 'crew',
      name: 'Crew',
      entities: { Task: { type: 'object' }, Broken: '{nope' },
      userEntity: { type: 'object', properties: {} },
      pages: { Home: 'home' },
      components: { 'ui/button': 'button' },
      services: { api: 'api' },
      functions: { sendMail: 'send', checkout: 'pay' },
      functionNames: ['checkout', 'sendMail'],
      layout: 'layout',
      globalsCss: 'body{}',
      files,
    });
  });

  it('answers null layout, styles and user entity when the version has none', () => {
    const bundle = toAppBundle({ id: 'a', versionId: 'v', slug: null, name: 'A' }, []);
    expect([bundle.layout, bundle.globalsCss, bundle.userEntity, bundle.files]).toEqual([
      null,
      null,
      null,
      [],
    ]);
  });
});
