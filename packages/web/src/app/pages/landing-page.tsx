import { ApiOutlined, ClusterOutlined, WifiOutlined } from '@ant-design/icons';
import { Button, Card, Col, Flex, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicLayout } from '../../features/auth/public-layout.tsx';

function Feature({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <Card variant="borderless" style={{ height: '100%', background: 'rgba(255,255,255,0.08)' }}>
      <Flex vertical gap={8}>
        <span style={{ fontSize: 28, color: '#91caff' }}>{icon}</span>
        <Typography.Text strong style={{ color: '#fff', fontSize: 16 }}>
          {title}
        </Typography.Text>
        <Typography.Text style={{ color: 'rgba(255,255,255,0.75)' }}>{text}</Typography.Text>
      </Flex>
    </Card>
  );
}

/** /index: the public start page, where signed-out users and logouts land. */
export function LandingPage() {
  const { t } = useTranslation(['common', 'auth']);
  return (
    <PublicLayout>
      <Flex vertical align="center" gap={32} style={{ maxWidth: 960, width: '100%', textAlign: 'center' }}>
        <Flex vertical align="center" gap={8}>
          <Typography.Title data-testid="app-title" style={{ color: '#fff', margin: 0, fontSize: 48 }}>
            {t('appName')}
          </Typography.Title>
          <Typography.Paragraph
            data-testid="tagline"
            style={{ color: 'rgba(255,255,255,0.85)', fontSize: 18, margin: 0 }}
          >
            {t('tagline')}
          </Typography.Paragraph>
        </Flex>
        <Flex gap={12}>
          <Link to="/login">
            <Button type="primary" size="large" data-testid="landing-sign-in">
              {t('auth:landing.signIn')}
            </Button>
          </Link>
          <Link to="/register">
            <Button size="large" ghost data-testid="landing-register">
              {t('auth:landing.register')}
            </Button>
          </Link>
        </Flex>
        <Row gutter={[16, 16]} style={{ width: '100%' }}>
          <Col xs={24} md={8}>
            <Feature
              icon={<WifiOutlined />}
              title={t('auth:landing.devicesTitle')}
              text={t('auth:landing.devicesText')}
            />
          </Col>
          <Col xs={24} md={8}>
            <Feature
              icon={<ClusterOutlined />}
              title={t('auth:landing.vpnTitle')}
              text={t('auth:landing.vpnText')}
            />
          </Col>
          <Col xs={24} md={8}>
            <Feature
              icon={<ApiOutlined />}
              title={t('auth:landing.endpointsTitle')}
              text={t('auth:landing.endpointsText')}
            />
          </Col>
        </Row>
      </Flex>
    </PublicLayout>
  );
}
