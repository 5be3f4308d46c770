/**
 * What menus in each market's language look like, as evidence for telling code pages apart:
 * the language's most frequent letters (or, for Chinese, Japanese and Korean, the characters
 * menus use most), the letters of its script, and words found on menus. Data only.
 */
export interface MenuLanguage {
  name: string;
  /** Frequent letters, lower case: each one met is evidence for the decoding. */
  frequent: string;
  /** Letters of the language's script: met, they are neither for nor against. */
  script: RegExp;
  /** Letters of the language counted as frequent by their script (the kana of Japanese). */
  frequentScript?: RegExp;
  /** Words seen on menus and in POS export headers, lower case, space-separated; only those with a non-ASCII letter count. */
  words: string;
  /** Words are written without spaces: a known word counts wherever it sits in a run of letters. */
  unspaced?: boolean;
}

const CHINESE_COMMON =
  '的一是不了人在有这中大来上个们到和地也子时出要就下以会可家生对能得于着自之年过后作里用发如心小多成天前面手点方开些种看起当所只把进工两高长果样间行意动全外二三力定同向原由身每回老公给主头情名最新别东西南北美';

export const LANGUAGES: Record<string, MenuLanguage> = {
  western: {
    name: 'Western European',
    frequent: 'éèàçüöäñáóíúâêôîûœß',
    script: /\p{Script=Latin}/u,
    words: 'café crème brûlée entrée purée jalapeño müsli käse piña señor',
  },
  russian: {
    name: 'Russian',
    frequent: 'оеаинтсрвлкмдпуяыь',
    script: /\p{Script=Cyrillic}/u,
    words:
      'наименование цена категория артикул салат суп борщ чай кофе пицца хлеб мясо рыба курица напитки десерт десерты сок вода пиво вино блюдо горячие закуски гарнир соус сыр торт шашлык пельмени блины картофель овощи супы салаты группа код количество стоимость раздел',
  },
  ukrainian: {
    name: 'Ukrainian',
    frequent: 'оаніевтрсилкудмпяз',
    script: /\p{Script=Cyrillic}/u,
    words:
      'назва ціна категорія артикул салат суп борщ чай кава піца хліб риба курка напої десерти сік вода пиво вино вареники',
  },
  greek: {
    name: 'Greek',
    frequent: 'αοιετσςνηυρπκμλάέίόή',
    script: /\p{Script=Greek}/u,
    words:
      'ονομασία τιμή κατηγορία σαλάτα σούπα μουσακάς καφές νερό μπύρα κρασί ψωμί τυρί κοτόπουλο ψάρι γλυκό ποτά ορεκτικά σουβλάκι γύρος πίτα χωριάτικη φέτα με και κωδικός είδος τζατζίκι σαλάτες',
  },
  hebrew: {
    name: 'Hebrew',
    frequent: 'יוהלארמתבנשם',
    script: /\p{Script=Hebrew}/u,
    words: 'שם מחיר קטגוריה סלט מרק קפה תה מים בירה יין לחם עוף דג חומוס פלאפל שתייה קינוח עם מנה פיתה',
  },
  arabic: {
    name: 'Arabic',
    frequent: 'الیيمونرتبعهةدس',
    script: /\p{Script=Arabic}/u,
    words:
      'الاسم السعر الفئة سلطة شوربة قهوة شاي ماء خبز دجاج لحم سمك عصير حمص فلافل مشروبات حلويات مع كباب شاورما',
  },
  thai: {
    name: 'Thai',
    frequent: 'านรอกเมงวย่้ัีิลตสดท',
    script: /\p{Script=Thai}/u,
    words: 'ชื่อ ราคา หมวดหมู่ ข้าว ผัด ไทย ต้ม ยำ กุ้ง ไก่ หมู เนื้อ น้ำ กาแฟ ชา แกง ส้มตำ เครื่องดื่ม ของหวาน',
    unspaced: true,
  },
  polish: {
    name: 'Polish',
    frequent: 'ąęółśżźćń',
    script: /\p{Script=Latin}/u,
    words:
      'nazwa cena kategoria żurek pierogi gołąbki bigos zupa sałatka kiełbasa naleśniki napoje desery ziemniakami mięsem kawa herbata piwo ogórkowa',
  },
  czech: {
    name: 'Czech',
    frequent: 'áéíýčřšžůúě',
    script: /\p{Script=Latin}/u,
    words: 'název cena kategorie polévka guláš knedlíky pivo káva čaj svíčková',
  },
  turkish: {
    name: 'Turkish',
    frequent: 'ıüşçğöİ',
    script: /\p{Script=Latin}/u,
    words:
      'ürün fiyat kategori adı kebap şiş çorba çorbası mercimek köfte pide lahmacun ayran çay kahve tatlı içecekler baklava döner',
  },
  vietnamese: {
    name: 'Vietnamese',
    frequent: 'ăâđêôơư\u0300\u0301\u0303\u0309\u0323',
    script: /[\p{Script=Latin}\p{M}]/u,
    words: 'phở bún cơm bánh gà bò giá tên',
  },
  japanese: {
    name: 'Japanese',
    frequent:
      'ーの定食丼寿司天麺肉牛豚鶏魚焼揚煮飯茶酒生大小中盛品名価格単部門税込円商番号分類本日替特製野菜汁味噌醤油塩辛甘鮭海老卵玉子豆腐餃唐刺身温冷水和洋風季節限上並前後物',
    script: /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]/u,
    // Full-width kana only: Shift_JIS reads single high bytes as half-width katakana.
    frequentScript: /[\u3041-\u3096\u30a1-\u30fa]/u,
    words:
      '商品名 価格 単価 部門 カテゴリ ラーメン カレー 定食 寿司 うどん そば 天ぷら コーヒー ビール 唐揚げ 餃子 ご飯 味噌汁',
    unspaced: true,
  },
  chinese: {
    name: 'Chinese (simplified)',
    frequent: `${CHINESE_COMMON}鸡鸭鱼肉牛猪羊虾蟹饭面粉汤菜炒炸烤蒸煮红烧酸辣甜香豆腐蛋米茶酒水果汁套餐份杯瓶碗锅饺包饼粥凉拌宫保丁麻婆排骨鲜蔬青椒土丝番茄兰花白黄瓜葱姜蒜油盐糖醋酱称价格分类商品单编号备注元例招牌特色冷热饮料啤咖啡奶乐火腿肠卷春仁叉`,
    script: /\p{Script=Han}/u,
    words: '名称 价格 分类 商品 单价 编号 米饭 炒饭 面条 宫保鸡丁 麻婆豆腐 饺子 啤酒 可乐 咖啡 奶茶',
    unspaced: true,
  },
  traditional: {
    name: 'Chinese (traditional)',
    frequent: `的一是不了人在有這中大來上個們到和地也子時出要就下以會可家生對能得於著自之年過後作裡用發如心小多成天前面手點方開些種看起當所只把進工兩高長果樣間行意動全外二三力定同向原由身每回老公給主頭情名最新別東西南北美雞鴨魚肉牛豬羊蝦蟹飯麵粉湯菜炒炸烤蒸煮紅燒酸辣甜香豆腐蛋米茶酒水果汁套餐份杯瓶碗鍋餃包餅粥涼拌宮保丁麻婆排骨鮮蔬青椒土絲番茄蘭花白黃瓜蔥薑蒜油鹽糖醋醬稱價格分類商品單編號備註元例招牌特色冷熱飲料啤咖啡奶樂火腿腸捲春仁叉珍珠滷`,
    script: /\p{Script=Han}/u,
    words: '名稱 價格 分類 商品 單價 編號 白飯 炒飯 牛肉麵 珍珠奶茶 滷肉飯 啤酒 咖啡 奶茶',
    unspaced: true,
  },
  korean: {
    name: 'Korean',
    frequent:
      '이다는의에고하기을가지서로사한자리어아스도시나대수정일그있인상구보국부해전게라제들우주원소장치김밥찌개탕면볶음불비빔떡튀만두순된갈삼겹살닭돼냉칼물파잡채계란말공료맥콜커피차격품명분류메뉴번호코드세트식반찬양념간즈햄버피샐러테크새우오징등연참회초동돈까카레',
    script: /[\p{Script=Hangul}\p{Script=Han}]/u,
    words:
      '상품명 가격 분류 메뉴 김치 찌개 비빔밥 불고기 떡볶이 라면 냉면 김밥 소주 맥주 커피 공기밥 된장찌개 삼겹살',
    unspaced: true,
  },
};

/** The languages each encoding is written in, the code pages of one script first. */
export const ENCODING_LANGUAGES: Record<string, string[]> = {
  'windows-1251': ['russian', 'ukrainian'],
  'koi8-r': ['russian'],
  'koi8-u': ['ukrainian', 'russian'],
  ibm866: ['russian', 'ukrainian'],
  'x-mac-cyrillic': ['russian', 'ukrainian'],
  'iso-8859-5': ['russian', 'ukrainian'],
  'windows-1253': ['greek'],
  'iso-8859-7': ['greek'],
  'windows-1255': ['hebrew'],
  'iso-8859-8': ['hebrew'],
  'windows-1256': ['arabic'],
  'iso-8859-6': ['arabic'],
  'windows-874': ['thai'],
  'windows-1250': ['polish', 'czech'],
  'iso-8859-2': ['polish', 'czech'],
  'windows-1254': ['turkish'],
  'windows-1258': ['vietnamese'],
  'windows-1252': ['western'],
  macintosh: ['western'],
  shift_jis: ['japanese'],
  'euc-jp': ['japanese'],
  gb18030: ['chinese'],
  big5: ['traditional'],
  'euc-kr': ['korean'],
};
