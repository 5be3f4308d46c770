// The header names `init` recognizes for each role of a generic table mapping, in English,
// German, Spanish, French and Italian (the languages docs/mappings.md claims), then the common
// header words of POS exports in Japanese, Chinese, Korean, Russian, Ukrainian, Greek, Turkish,
// Polish, Czech, Hebrew, Arabic, Thai and Vietnamese (the `MARKET_` tiers). Each role is a list
// of tiers: the first tier that matches some (unused, filled) header wins, so exact names come
// before loose ones and an id column before a SKU.

export type RoleTiers = readonly RegExp[];

/** Columns that hold another entity's id (a category's, a tax rate's), never the item's own. */
export const NOT_OWN_ID =
  /categor|kategor|group|grupo|gruppo|gruppe|grupa|tax|steuer|iva|tva|modifier|parent|variant|variation|store|location|supplier|vendor|brand|image|barcode|gtin|ean|upc|printer|tag|label|部門|分類|分类|類別|类别|カテゴリ|категор|групп|분류|카테고리|κατηγορ|קטגוריה|الفئة|หมวด/iu;

const MARKET_ID =
  /^(артикул|код|код товара|商品コード|品番|コード|商品编号|编号|編號|商品編號|상품코드|코드|κωδικός|ürün kodu|stok kodu|kod|kod produktu|kód|קוד|מק"ט|رمز|الرمز|รหัส|รหัสสินค้า|mã|mã hàng)$/iu;
const MARKET_NAME =
  /^(наименование|название|назва|товар|商品名|品名|メニュー名|名称|商品名称|菜名|名稱|商品名稱|品名稱|상품명|메뉴명|품명|이름|ονομασία|όνομα|περιγραφή είδους|ürün|ürün adı|nazwa|nazwa produktu|název|שם|שם מוצר|שם פריט|الاسم|اسم المنتج|ชื่อ|ชื่อสินค้า|tên|tên món|tên hàng)$/iu;
const MARKET_PRICE =
  /^(цена|ціна|стоимость|価格|単価|売価|販売価格|税込価格|价格|单价|售价|價格|單價|售價|가격|판매가|단가|τιμή|fiyat|satış fiyatı|cena|cena brutto|מחיר|السعر|ราคา|giá|giá bán)$/iu;
const MARKET_CATEGORY =
  /^(категория|группа|категорія|група|部門|カテゴリ|カテゴリー|分類|分类|类别|類別|분류|카테고리|κατηγορία|kategori|kategoria|grupa|קטגוריה|الفئة|التصنيف|หมวดหมู่|danh mục)$/iu;
const MARKET_DESCRIPTION =
  /^(описание|опис|説明|描述|說明|설명|περιγραφή|açıklama|opis|popis|תיאור|الوصف|รายละเอียด|mô tả)$/iu;

export const ID_TIERS: RoleTiers = [
  // The item's own id: `ID`, `Clover ID`, `Item ID`, `ID articolo`...
  /^(id|ext_id|ext id|external id|[\p{L}\d ]+ id|id [\p{L} ]+)$/iu,
  MARKET_ID,
  /^(handle|token)$/i,
  // Item codes: stable numbers the till uses.
  /^(code|item code|product code|article code|codice|codice articolo|codice prodotto|cod\.? articolo|código|codigo|código de artículo|codigo de articulo|code article|référence|reference|ref|réf|artikelnummer|artikel-nr\.?|art\.-nr\.?|artikelcode|plu)$/i,
  /^(sku|référence sku)$/i,
  /\b(id|sku|handle|ref|plu|codice|código|codigo|nummer)\b/i,
];

export const NAME_TIERS: RoleTiers = [
  /^(name|item name|product name|title|item|product|dish|nombre|nombre del artículo|nombre del producto|producto|artículo|articulo|plato|bezeichnung|artikel|artikelname|artikelbezeichnung|produkt|produktname|gericht|speise|nom|nom du produit|nom de l'article|produit|article|plat|libellé|libelle|désignation|designation|nome|nome articolo|nome prodotto|prodotto|articolo|piatto|denominazione)$/i,
  MARKET_NAME,
  /name|title|nombre|bezeichnung|artikel|gericht|libell|désignation|nome|denominazione/i,
];

/**
 * When no column is called a name, Italian, Spanish and French tills call the item's name its
 * description (`Descrizione`, `Descripción`, `Description`); the starter says so in its comment.
 */
export const NAME_FROM_DESCRIPTION: RoleTiers = [
  /^(descrizione|descrizione articolo|descripción|descripcion|descripción del artículo|description|beschreibung)$/i,
];

export const PRICE_TIERS: RoleTiers = [
  /^(price|sales price|selling price|retail price|retail_price|unit price|preis|verkaufspreis|vk-preis|vk preis|precio|precio de venta|prix|prix de vente|prix ttc|prezzo|prezzo di vendita|prezzo vendita)$/i,
  MARKET_PRICE,
  /price|preis|precio|prix|prezzo/i,
];

/** Columns that mention a price but are not the selling price of the item itself. */
export const NOT_A_PRICE =
  /cost|compare|purchase|supply|einkauf|coste|costo|achat|acquisto|tax|steuer|sale price|variant|variante|variation|modifier/i;

/** The price of a variant row (continuation rows carry it instead of the item's price). */
export const VARIANT_PRICE_TIERS: RoleTiers = [
  /^(variant price|variation price|prezzo variante|precio variante|precio de variante|prix variante|prix de la variante|variantenpreis|preis variante)$/i,
];

export const CATEGORY_TIERS: RoleTiers = [
  /^(category|categories|categoria|categoría|categorie|kategorie|warengruppe|catégorie|department|reparto|departamento|abteilung|rayon|famiglia|familia|famille|gruppo|grupo|gruppe|group|menu group|section|sezione|sección|type)$/i,
  MARKET_CATEGORY,
  /categor|kategorie|gruppe|group|reparto|famiglia|familia|famille|departa/i,
];

export const DESCRIPTION_TIERS: RoleTiers = [
  /^(description|beschreibung|descripción|descripcion|descrizione|descrizione estesa|descrizione lunga|description longue)$/i,
  MARKET_DESCRIPTION,
  /descr/i,
];

/** A flag that says the item is on sale: hidden = not this. */
export const ON_SALE_TIERS: RoleTiers = [
  /^(active|activo|activa|attivo|attiva|aktiv|actif|active|available|available for sale|disponible|disponibile|verfügbar|visible|visibile|sichtbar|enabled|abilitato|habilitado|published|pubblicato|publicado|publié|online|sellable|in vendita|en venta|en vente)$/i,
];

/** A flag that says the item is hidden. */
export const HIDDEN_TIERS: RoleTiers = [
  /^(hidden|hide|nascosto|oculto|versteckt|ausgeblendet|caché|masqué|inactive|inattivo|inactivo|inaktiv|inactif|disabled|disattivato|deshabilitado|deaktiviert|désactivé)$/i,
];
