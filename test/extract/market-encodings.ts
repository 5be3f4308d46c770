/**
 * A small menu per market in the script and encoding its POS systems write, with a Python codec
 * name for the reference encoder, the label a user would give to --encoding, and the encoding
 * detection must choose (GBK files are read as GB18030, its superset).
 */
export interface MarketMenu {
  encoding: string;
  codec: string;
  label: string;
  detected: string;
  /** [name, category] per product. */
  items: [string, string][];
}

const RUSSIAN: [string, string][] = [
  ['Борщ украинский', 'Супы'],
  ['Салат Цезарь', 'Салаты'],
  ['Пельмени с маслом', 'Горячие блюда'],
  ['Чай чёрный', 'Напитки'],
];
const JAPANESE: [string, string][] = [
  ['醤油ラーメン', '麺類'],
  ['カツカレー', 'ご飯もの'],
  ['鶏の唐揚げ定食', '定食'],
  ['生ビール', 'ドリンク'],
];
const CHINESE: [string, string][] = [
  ['宫保鸡丁', '热菜'],
  ['麻婆豆腐', '热菜'],
  ['扬州炒饭', '主食'],
  ['珍珠奶茶', '饮料'],
];

export const MARKET_MENUS: MarketMenu[] = [
  {
    encoding: 'windows-1251',
    codec: 'cp1251',
    label: 'cp1251',
    detected: 'windows-1251',
    items: RUSSIAN,
  },
  {
    encoding: 'koi8-r',
    codec: 'koi8_r',
    label: 'KOI8-R',
    detected: 'koi8-r',
    items: RUSSIAN,
  },
  {
    encoding: 'windows-1253',
    codec: 'cp1253',
    label: 'windows-1253',
    detected: 'windows-1253',
    items: [
      ['Μουσακάς', 'Κυρίως'],
      ['Χωριάτικη σαλάτα', 'Σαλάτες'],
      ['Σουβλάκι χοιρινό', 'Κυρίως'],
      ['Καφές ελληνικός', 'Ποτά'],
    ],
  },
  {
    encoding: 'windows-1255',
    codec: 'cp1255',
    label: 'cp1255',
    detected: 'windows-1255',
    items: [
      ['חומוס עם פיתה', 'מנות'],
      ['סלט ירקות', 'סלטים'],
      ['שניצל עוף', 'עיקריות'],
      ['קפה הפוך', 'שתייה'],
    ],
  },
  {
    encoding: 'windows-1256',
    codec: 'cp1256',
    label: 'windows-1256',
    detected: 'windows-1256',
    items: [
      ['حمص بالطحينة', 'مقبلات'],
      ['شاورما دجاج', 'سندويشات'],
      ['سلطة فتوش', 'سلطات'],
      ['قهوة عربية', 'مشروبات'],
    ],
  },
  {
    encoding: 'windows-874',
    codec: 'cp874',
    label: 'tis-620',
    detected: 'windows-874',
    items: [
      ['ผัดไทยกุ้งสด', 'อาหารจานเดียว'],
      ['ต้มยำกุ้ง', 'ต้ม'],
      ['ส้มตำไทย', 'ยำ'],
      ['กาแฟเย็น', 'เครื่องดื่ม'],
    ],
  },
  {
    encoding: 'windows-1250',
    codec: 'cp1250',
    label: 'cp1250',
    detected: 'windows-1250',
    items: [
      ['Żurek staropolski', 'Zupy'],
      ['Pierogi z mięsem', 'Dania główne'],
      ['Gołąbki w sosie', 'Dania główne'],
      ['Sałatka grecka', 'Sałatki'],
    ],
  },
  {
    encoding: 'windows-1254',
    codec: 'cp1254',
    label: 'windows-1254',
    detected: 'windows-1254',
    items: [
      ['Mercimek çorbası', 'Çorbalar'],
      ['Adana kebap', 'Izgara'],
      ['Tavuk şiş', 'Izgara'],
      ['Künefe', 'Tatlılar'],
    ],
  },
  {
    encoding: 'shift_jis',
    codec: 'cp932',
    label: 'cp932',
    detected: 'shift_jis',
    items: JAPANESE,
  },
  {
    encoding: 'euc-jp',
    codec: 'euc_jp',
    label: 'euc-jp',
    detected: 'euc-jp',
    items: JAPANESE,
  },
  {
    encoding: 'iso-2022-jp',
    codec: 'iso2022_jp',
    label: 'iso-2022-jp',
    detected: 'iso-2022-jp',
    items: JAPANESE,
  },
  {
    encoding: 'gbk',
    codec: 'gbk',
    label: 'cp936',
    detected: 'gb18030',
    items: CHINESE,
  },
  {
    encoding: 'gb18030',
    codec: 'gb18030',
    label: 'gb18030',
    detected: 'gb18030',
    items: CHINESE,
  },
  {
    encoding: 'big5',
    codec: 'big5',
    label: 'big5',
    detected: 'big5',
    items: [
      ['牛肉麵', '麵類'],
      ['滷肉飯', '飯類'],
      ['珍珠奶茶', '飲料'],
      ['白飯', '飯類'],
    ],
  },
  {
    encoding: 'euc-kr',
    codec: 'euc_kr',
    label: 'cp949',
    detected: 'euc-kr',
    items: [
      ['김치찌개', '찌개'],
      ['비빔밥', '밥류'],
      ['불고기', '고기'],
      ['소주', '주류'],
    ],
  },
];
