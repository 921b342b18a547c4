import {
  type GroupAdmin,
  getGroupAdminsCall,
  searchGroupAdminCandidatesCall,
  setGroupAdminCall,
} from '@fleetport/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Select, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client.ts';
import { usePermission } from '../../app/permissions.tsx';

const adminKeys = {
  admins: (groupId: number) => ['groupAdmins', groupId] as const,
  candidates: (keyword: string) => ['groupAdminCandidates', keyword] as const,
};
/** Typing pauses this long before the people are searched. */
const SEARCH_DELAY_MS = 250;

/** One empty list for every render, so effects that follow `current` settle. */
const NO_ADMINS: GroupAdmin[] = [];

const label = (p: GroupAdmin) => `${p.userName} (${p.loginAccount})`;

/**
 * The "Administrators" of a device group (core §6): who they are for anyone who sees groups, and a
 * searchable choice of the company's people with Save for those who may edit groups.
 */
export function GroupAdminsControl({ groupId }: { groupId: number }) {
  const { t } = useTranslation('devices');
  const mayView = usePermission('groups.view');
  const mayEdit = usePermission('groups.edit');
  const admins = useQuery({
    queryKey: adminKeys.admins(groupId),
    queryFn: () => apiCall(getGroupAdminsCall, { groupId }),
    enabled: mayView,
  });
  if (!mayView) return null;
  const current = admins.data ?? NO_ADMINS;
  return (
    <Card size="small" title={t('groupAdmins.title')} loading={admins.isLoading} data-testid="group-admins">
      {mayEdit ? (
        <AdminsEditor groupId={groupId} current={current} />
      ) : current.length ? (
        <Flex wrap gap={4}>
          {current.map((a) => (
            <Tag key={a.userId}>{label(a)}</Tag>
          ))}
        </Flex>
      ) : (
        <Typography.Text type="secondary">{t('groupAdmins.none')}</Typography.Text>
      )}
    </Card>
  );
}

function AdminsEditor({ groupId, current }: { groupId: number; current: GroupAdmin[] }) {
  const { t } = useTranslation('devices');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<number[]>(() => current.map((a) => a.userId));
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [saving, setSaving] = useState(false);
  // A refetch (another tab or person changed the administrators) shows the new list, unless the
  // user has unsaved choices: those are never overwritten behind their back.
  const [edited, setEdited] = useState(false);
  useEffect(() => {
    if (!edited) setChosen(current.map((a) => a.userId));
  }, [current, edited]);
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const candidates = useQuery({
    queryKey: adminKeys.candidates(keyword),
    queryFn: () => apiCall(searchGroupAdminCandidatesCall, { keyword }),
  });
  // The chosen people keep their labels while a search shows others.
  const [known, setKnown] = useState(new Map<number, GroupAdmin>());
  useEffect(() => {
    setKnown((before) => {
      const next = new Map(before);
      for (const p of [...current, ...(candidates.data ?? [])]) next.set(p.userId, p);
      return next;
    });
  }, [current, candidates.data]);
  const options = useMemo(() => {
    const shown = new Set([...chosen, ...(candidates.data ?? []).map((p) => p.userId)]);
    return [...shown]
      .map((id) => known.get(id))
      .filter((p): p is GroupAdmin => !!p)
      .map((p) => ({ value: p.userId, label: label(p) }));
  }, [chosen, candidates.data, known]);

  const before = new Set(current.map((a) => a.userId));
  const after = new Set(chosen);
  const changes = [
    ...chosen.filter((id) => !before.has(id)).map((userId) => ({ userId, admin: true })),
    ...[...before].filter((id) => !after.has(id)).map((userId) => ({ userId, admin: false })),
  ];

  async function save() {
    setSaving(true);
    try {
      // One person at a time, as the call takes them; a refusal (toast) stops the rest.
      for (const change of changes) await apiCall(setGroupAdminCall, { groupId, ...change });
      void message.success(t('groupAdmins.saved'));
    } catch {
      // The client has shown the code's message.
    } finally {
      setSaving(false);
      await queryClient.invalidateQueries({ queryKey: adminKeys.admins(groupId) });
      // Saved (or refused part way): show what the server now holds.
      setEdited(false);
    }
  }

  return (
    <Flex vertical gap={8}>
      <Select
        mode="multiple"
        showSearch={{ filterOption: false, onSearch: setTyped }}
        value={chosen}
        onChange={(ids: number[]) => {
          setChosen(ids);
          setEdited(true);
        }}
        options={options}
        loading={candidates.isFetching}
        placeholder={t('groupAdmins.choose')}
        aria-label={t('groupAdmins.title')}
        data-testid="group-admins-select"
        style={{ width: '100%' }}
      />
      <Typography.Text type="secondary">{t('groupAdmins.hint')}</Typography.Text>
      <div>
        <Button
          type="primary"
          onClick={save}
          loading={saving}
          disabled={changes.length === 0}
          data-testid="group-admins-save"
        >
          {t('groupAdmins.save')}
        </Button>
      </div>
    </Flex>
  );
}
