import { type FormTemplate, type FormTemplatesAll, formTemplateMessages as m } from '@studiolo/domain/forms';
import { httpMessages } from '@studiolo/domain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.ts';
import { validFormTemplateInput } from '../../../test/helpers/factories.ts';
import { api, apiOk } from '../../../test/helpers/http.ts';
import { createStaffUser, createStudioOwner, type TestStudioUser } from '../../../test/helpers/login-as.ts';
import { rowsOf } from '../../../test/helpers/sql.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const create = (owner: TestStudioUser, body: Record<string, unknown> = {}) =>
  apiOk<FormTemplate>(t.app, {
    method: 'POST',
    url: '/form-template',
    token: owner.token,
    body: { ...validFormTemplateInput(), ...body },
  });
const all = (owner: TestStudioUser) =>
  apiOk<FormTemplatesAll>(t.app, { method: 'GET', url: '/form-template/all', token: owner.token });

describe('form templates /form-template', () => {
  it('creates, reads, lists, updates and deletes a studio template, each change audited', async () => {
    const owner = await createStudioOwner(t.app);
    const created = await api<FormTemplate>(t.app, {
      method: 'POST',
      url: '/form-template',
      token: owner.token,
      body: { title: '  Informativa privacy ', content: '<p>Gentile {{ paziente.nome }},</p>' },
    });
    expect(created.status).toBe(200);
    expect(created.body.answer).toBe(m.created);
    const tpl = created.body.response as FormTemplate;
    expect(tpl).toMatchObject({
      studioId: owner.studioId,
      title: 'Informativa privacy',
      content: '<p>Gentile {{ paziente.nome }},</p>',
      sharedWithCommunity: false,
      readOnly: false,
    });

    const read = await apiOk<FormTemplate>(t.app, {
      method: 'GET',
      url: `/form-template/${tpl.id}`,
      token: owner.token,
    });
    expect(read.id).toBe(tpl.id);
    const listed = await apiOk<FormTemplate[]>(t.app, {
      method: 'GET',
      url: '/form-template',
      token: owner.token,
      query: { studioId: owner.studioId },
    });
    expect(listed.map((x) => x.id)).toEqual([tpl.id]);

    const updated = await api<FormTemplate>(t.app, {
      method: 'PUT',
      url: '/form-template',
      token: owner.token,
      body: {
        id: tpl.id,
        title: 'Informativa privacy 2026',
        content: '<p>{{studio.nome}}</p>',
        sharedWithCommunity: true,
      },
    });
    expect(updated.body.answer).toBe(m.updated);
    expect(updated.body.response).toMatchObject({ title: 'Informativa privacy 2026', sharedWithCommunity: true });

    const deleted = await api(t.app, { method: 'DELETE', url: `/form-template/${tpl.id}`, token: owner.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body.answer).toBe(m.deleted);
    expect((await api(t.app, { method: 'GET', url: `/form-template/${tpl.id}`, token: owner.token })).status).toBe(404);

    const audit = await rowsOf<{ action: string }>(
      t.deps.db,
      `select action from audit_events where entity_id = '${tpl.id}' order by occurred_at, id`,
    );
    expect(audit.map((a) => a.action)).toEqual([
      'form-template.create',
      'form-template.update',
      'form-template.delete',
    ]);
  });

  it('sanitises the HTML: no scripts, event handlers, links, frames, styles or remote images survive', async () => {
    const owner = await createStudioOwner(t.app);
    const pixel =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==';
    const tpl = await create(owner, {
      content: [
        '<p onclick="alert(1)" style="text-align: center; position: fixed">Testo {{paziente.nome}}</p>',
        '<script>alert("x")</script><style>p{color:red}</style>',
        '<img src="https://tracker.example/x.png"><img src="file:///etc/passwd"><img src="//cdn.example/y.png">',
        `<img src="${pixel}" alt="logo" onerror="alert(2)">`,
        '<a href="javascript:alert(3)">link</a><iframe src="https://example.com"></iframe>',
        '<svg><image href="https://example.com/z.png"/></svg><table><tr><td colspan="2">cella</td></tr></table>',
      ].join(''),
    });
    expect(tpl.content).not.toMatch(
      /script|onclick|onerror|alert|https?:|file:|\/\/cdn|iframe|svg|<a |position|<style/i,
    );
    expect(tpl.content).toContain('<p style="text-align:center">Testo {{paziente.nome}}</p>');
    expect(tpl.content).toContain(`<img src="${pixel}" alt="logo" />`);
    expect(tpl.content).toContain('link');
    expect(tpl.content).toContain('<td colspan="2">cella</td>');
  });

  it('refuses unknown tokens with the Italian message naming them, and a missing title', async () => {
    const owner = await createStudioOwner(t.app);
    const res = await api(t.app, {
      method: 'POST',
      url: '/form-template',
      token: owner.token,
      body: { title: 'Consenso', content: '<p>{{paziente.nome}} {{paziente.segreto}} {{ foo }}</p>' },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(m.unknownTokens(['paziente.segreto', 'foo']));
    expect(m.unknownTokens(['paziente.segreto', 'foo'])).toBe('Segnaposto sconosciuti: {{paziente.segreto}}, {{foo}}');

    const noTitle = await api(t.app, {
      method: 'POST',
      url: '/form-template',
      token: owner.token,
      body: { title: '   ', content: '<p>x</p>' },
    });
    expect(noTitle.status).toBe(400);
    expect(JSON.stringify(noTitle.body)).toContain(m.titleRequired);
    expect(await rowsOf(t.deps.db, `select id from form_templates where studio_id = '${owner.studioId}'`)).toEqual([]);
  });

  it('shares a template with the community read-only: others list, read and duplicate it, but neither change nor delete it', async () => {
    const a = await createStudioOwner(t.app);
    const b = await createStudioOwner(t.app);
    const shared = await create(a, { title: 'Consenso condiviso', sharedWithCommunity: true });
    const privateOne = await create(a, { title: 'Consenso privato' });

    const ofA = await all(a);
    expect(ofA.personalFormTemplates.map((x) => x.id).sort()).toEqual([shared.id, privateOne.id].sort());
    expect(ofA.sharedFormTemplates.map((x) => x.id)).not.toContain(shared.id); // own shared ones are personal

    const ofB = await all(b);
    expect(ofB.personalFormTemplates).toEqual([]);
    const seen = ofB.sharedFormTemplates.find((x) => x.id === shared.id);
    expect(seen).toMatchObject({ studioId: a.studioId, readOnly: true, sharedWithCommunity: true });
    expect(ofB.sharedFormTemplates.map((x) => x.id)).not.toContain(privateOne.id);

    const readByB = await apiOk<FormTemplate>(t.app, {
      method: 'GET',
      url: `/form-template/${shared.id}`,
      token: b.token,
    });
    expect(readByB.readOnly).toBe(true);
    expect((await api(t.app, { method: 'GET', url: `/form-template/${privateOne.id}`, token: b.token })).status).toBe(
      404,
    );

    const put = await api(t.app, {
      method: 'PUT',
      url: '/form-template',
      token: b.token,
      body: { id: shared.id, title: 'Preso', content: '<p>x</p>', sharedWithCommunity: false },
    });
    expect(put.status).toBe(403);
    expect(put.body.answer).toBe(m.sharedReadOnly);
    const del = await api(t.app, { method: 'DELETE', url: `/form-template/${shared.id}`, token: b.token });
    expect(del.status).toBe(403);
    const putPrivate = await api(t.app, {
      method: 'PUT',
      url: '/form-template',
      token: b.token,
      body: { id: privateOne.id, title: 'Preso', content: '<p>x</p>', sharedWithCommunity: false },
    });
    expect(putPrivate.status).toBe(404);
    expect(putPrivate.body.answer).toBe(httpMessages.notFound);
    const unchanged = await rowsOf<{ title: string }>(
      t.deps.db,
      `select title from form_templates where id in ('${shared.id}', '${privateOne.id}') order by title`,
    );
    expect(unchanged.map((r) => r.title)).toEqual(['Consenso condiviso', 'Consenso privato']);

    // duplicating is creating a copy in B's own studio (the web sends the copy's title)
    const copy = await create(b, { title: `${readByB.title} - copia del 25-11-2026`, content: readByB.content });
    expect(copy).toMatchObject({ studioId: b.studioId, readOnly: false, sharedWithCommunity: false });
    expect((await all(b)).personalFormTemplates.map((x) => x.id)).toEqual([copy.id]);

    // no longer shared: gone from B's list and unreadable
    await apiOk(t.app, {
      method: 'PUT',
      url: '/form-template',
      token: a.token,
      body: { id: shared.id, title: shared.title, content: shared.content, sharedWithCommunity: false },
    });
    expect((await all(b)).sharedFormTemplates.map((x) => x.id)).not.toContain(shared.id);
    expect((await api(t.app, { method: 'GET', url: `/form-template/${shared.id}`, token: b.token })).status).toBe(404);
  });

  it('lets a collaborator read and write templates, and not an accountant (no forms permission)', async () => {
    const owner = await createStudioOwner(t.app);
    const tpl = await create(owner);
    const accountant = await createStaffUser(t.app, t.deps, owner, 'ROLE_STAFF_CONTABILE');
    const collaborator = await createStaffUser(t.app, t.deps, owner, 'ROLE_STAFF_COLLABORATORE');
    expect(
      (
        await api(t.app, {
          method: 'POST',
          url: '/form-template',
          token: collaborator.token,
          body: validFormTemplateInput(),
        })
      ).status,
    ).toBe(200);
    const accountantRead = await api(t.app, {
      method: 'GET',
      url: `/form-template/${tpl.id}`,
      token: accountant.token,
    });
    const accountantWrite = await api(t.app, {
      method: 'DELETE',
      url: `/form-template/${tpl.id}`,
      token: accountant.token,
    });
    expect({ read: accountantRead.status, write: accountantWrite.status }).toEqual({ read: 403, write: 403 });
  });
});
