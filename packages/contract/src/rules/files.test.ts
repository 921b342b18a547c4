import { describe, expect, it } from 'vitest';
import {
  CERTIFICATE_FILE,
  CONFIG_XML_FILE,
  checkFile,
  checkFiles,
  DOC_FILE,
  DOC_FILES_MAX,
  EMAIL_BANNER_FILE,
  FIRMWARE_FILE,
  fileExtension,
  fileSchema,
  filesSchema,
  KB,
  MB,
  OEM_LOGO_FILE,
  PORTAL_BACKGROUND_FILE,
  PORTAL_IMAGE_FILE,
  PORTAL_TERMS_FILE,
  PRODUCT_LOGO_FILE,
  RELEASE_ATTACHMENT_FILE,
  TEMPLATE_LOGO_FILE,
  UPLOAD_FILE,
} from './files.ts';
import { ruleText } from './rule.ts';
import { messagesFor } from './test-helpers.ts';

const file = (name: string, size: number, width?: number, height?: number) => ({ name, size, width, height });
const say = (failure: ReturnType<typeof checkFile>, lang: 'en' | 'cn' = 'en') =>
  failure ? ruleText(failure, lang) : null;

describe('file facts', () => {
  it('reads the extension in lower case', () => {
    expect(fileExtension('Router.RUF')).toBe('.ruf');
    expect(fileExtension('archive.tar.gz')).toBe('.gz');
    expect(fileExtension('.bashrc')).toBe('');
    expect(fileExtension('README')).toBe('');
    expect(fileExtension('name.')).toBe('');
  });
});

describe('template and firmware uploads', () => {
  it('configuration: XML of at most 1024 KB', () => {
    expect(checkFile(file('cfg.xml', 1024 * KB), CONFIG_XML_FILE)).toBeNull();
    expect(say(checkFile(file('cfg.xml', 1024 * KB + 1), CONFIG_XML_FILE))).toBe(
      'The file can not exceed 1024 KB',
    );
    expect(say(checkFile(file('cfg.json', 10), CONFIG_XML_FILE), 'cn')).toBe('仅支持.xml格式的文件');
    expect(say(checkFile(file('cfg.xml', 0), CONFIG_XML_FILE))).toBe('The file is empty');
  });

  it('firmware: .ruf .bin .deb, under 500 MB', () => {
    for (const name of ['fw.ruf', 'FW.BIN', 'app.deb'])
      expect(checkFile(file(name, MB), FIRMWARE_FILE)).toBeNull();
    expect(say(checkFile(file('fw.zip', MB), FIRMWARE_FILE))).toBe('Only .ruf .bin .deb files are allowed');
    expect(say(checkFile(file('fw.bin', 500 * MB), FIRMWARE_FILE))).toBe(
      'The file must be smaller than 500 MB',
    );
    expect(checkFile(file('fw.bin', 500 * MB - 1), FIRMWARE_FILE)).toBeNull();
  });

  it('logo: 260x105 under 1024 KB', () => {
    expect(checkFile(file('l.png', 1024 * KB - 1, 260, 105), TEMPLATE_LOGO_FILE)).toBeNull();
    expect(say(checkFile(file('l.png', 1024 * KB, 260, 105), TEMPLATE_LOGO_FILE))).toBe(
      'The file must be smaller than 1024 KB',
    );
    expect(say(checkFile(file('l.png', KB, 261, 105), TEMPLATE_LOGO_FILE), 'cn')).toBe(
      '图片尺寸须为260x105像素',
    );
  });

  it('documentation: under 20 MB, at most 2 files', () => {
    const doc = file('guide.pdf', 20 * MB - 1);
    expect(checkFiles([doc, doc], DOC_FILE, DOC_FILES_MAX)).toBeNull();
    expect(say(checkFiles([doc, doc, doc], DOC_FILE, DOC_FILES_MAX))).toBe('At most 2 files');
    expect(say(checkFiles([file('guide.pdf', 20 * MB)], DOC_FILE, DOC_FILES_MAX))).toBe(
      'The file must be smaller than 20 MB',
    );
  });

  it('general uploads under 500 MB, release attachments under 200 MB', () => {
    expect(checkFile(file('x.tar', 500 * MB - 1), UPLOAD_FILE)).toBeNull();
    expect(checkFile(file('x.tar', 500 * MB), UPLOAD_FILE)).not.toBeNull();
    expect(checkFile(file('notes.zip', 200 * MB - 1), RELEASE_ATTACHMENT_FILE)).toBeNull();
    expect(say(checkFile(file('notes.zip', 200 * MB), RELEASE_ATTACHMENT_FILE), 'cn')).toBe(
      '文件大小须小于200 MB',
    );
  });

  it('certificates are CRT', () => {
    expect(checkFile(file('device.crt', KB), CERTIFICATE_FILE)).toBeNull();
    expect(say(checkFile(file('device.pem', KB), CERTIFICATE_FILE))).toBe('Only .crt files are allowed');
  });
});

describe('OEM and portal images', () => {
  it('OEM logo: jpg/jpeg/png, under 1024 KB, 135x35', () => {
    for (const name of ['a.jpg', 'a.jpeg', 'a.PNG'])
      expect(checkFile(file(name, 1024 * KB - 1, 135, 35), OEM_LOGO_FILE)).toBeNull();
    expect(checkFile(file('a.gif', KB, 135, 35), OEM_LOGO_FILE)?.key).toBe('fileType');
    expect(checkFile(file('a.png', 1024 * KB, 135, 35), OEM_LOGO_FILE)?.key).toBe('fileTooLarge');
    expect(say(checkFile(file('a.png', KB, 135, 36), OEM_LOGO_FILE))).toBe('The image must be 135x35 pixels');
    expect(say(checkFile(file('a.png', KB), OEM_LOGO_FILE))).toBe('The image must be 135x35 pixels');
  });

  it('e-mail banner 600x235 under 2 MB; product logo 320x150', () => {
    expect(checkFile(file('b.png', 2 * MB - 1, 600, 235), EMAIL_BANNER_FILE)).toBeNull();
    expect(say(checkFile(file('b.png', 2 * MB, 600, 235), EMAIL_BANNER_FILE))).toBe(
      'The file must be smaller than 2 MB',
    );
    expect(checkFile(file('p.png', KB, 320, 150), PRODUCT_LOGO_FILE)).toBeNull();
    expect(checkFile(file('p.png', KB, 150, 320), PRODUCT_LOGO_FILE)?.key).toBe('imageDimensions');
  });

  it('portal: docx terms under 2 MB; images jpg/png, backgrounds also jpeg, under 1024 KB', () => {
    expect(checkFile(file('terms.docx', 2 * MB - 1), PORTAL_TERMS_FILE)).toBeNull();
    expect(checkFile(file('terms.docx', 2 * MB), PORTAL_TERMS_FILE)?.key).toBe('fileTooLarge');
    expect(checkFile(file('terms.doc', KB), PORTAL_TERMS_FILE)?.key).toBe('fileType');
    expect(checkFile(file('logo.png', 1024 * KB - 1), PORTAL_IMAGE_FILE)).toBeNull();
    expect(checkFile(file('logo.jpeg', KB), PORTAL_IMAGE_FILE)?.key).toBe('fileType');
    expect(checkFile(file('bg.jpeg', KB), PORTAL_BACKGROUND_FILE)).toBeNull();
    expect(checkFile(file('bg.jpeg', 1024 * KB), PORTAL_BACKGROUND_FILE)?.key).toBe('fileTooLarge');
  });
});

describe('file schemas', () => {
  it('localize a refused file for the field', () => {
    expect(messagesFor(fileSchema(FIRMWARE_FILE), { name: 'fw.bin', size: 10 })).toEqual([]);
    expect(messagesFor(fileSchema(FIRMWARE_FILE), { name: 'fw.exe', size: 10 }, 'cn')).toEqual([
      '仅支持.ruf .bin .deb格式的文件',
    ]);
    expect(
      messagesFor(
        filesSchema(DOC_FILE, 2),
        [file('a', 1), file('b', 1), file('c', 1)].map(({ name, size }) => ({ name, size })),
      ),
    ).toEqual(['At most 2 files']);
  });
});
