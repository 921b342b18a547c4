import { isFunCode, type Lang, type PermissionNode, permissionTree } from '@fleetport/contract';
import { Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo } from 'react';

function toData(node: PermissionNode, lang: Lang): DataNode {
  return {
    key: node.key,
    title: (
      <span data-testid={node.funCode ? `privilege-${node.funCode}` : undefined}>{node.title[lang]}</span>
    ),
    children: node.children.map((child) => toData(child, lang)),
  };
}

/**
 * The privileges of core §6 as a tree of checkboxes: consoles, menu groups, menus, then one box per
 * funCode (view, create, edit ...). Only `grantable` functions appear; `value` holds the ticked
 * funCodes, never the branch keys.
 */
export function PermissionTree({
  grantable,
  value,
  onChange,
  disabled,
  lang,
}: {
  grantable: readonly string[];
  value: readonly string[];
  onChange: (funCodes: string[]) => void;
  disabled: boolean;
  lang: Lang;
}) {
  const treeData = useMemo(() => permissionTree(grantable).map((n) => toData(n, lang)), [grantable, lang]);
  return (
    <Tree
      checkable
      selectable={false}
      defaultExpandAll
      disabled={disabled}
      treeData={treeData}
      checkedKeys={[...value]}
      onCheck={(checked) => {
        const keys = Array.isArray(checked) ? checked : checked.checked;
        onChange(keys.map(String).filter(isFunCode));
      }}
      data-testid="permission-tree"
    />
  );
}
