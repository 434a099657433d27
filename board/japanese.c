#include "japanese.h"

/* docs/RULES.md §2.2 (the 36 starting types) and §2.3 (the types that appear by promotion). */
const char *const kind_kanji[KIND_COUNT] = {
    "", "玉将", "大将", "副将", "飛将", "角将", "奔鷲", "奔王", "飛鷲", "角鷹", "水牛", "車兵",
    "火鬼", "獅鷹", "獅子", "龍王", "龍馬", "飛車", "角行", "麒麟", "鳳凰", "酔象", "盲虎",
    "猛豹", "金将", "銀将", "銅将", "鉄将", "桂馬", "竪行", "横行", "反車", "香車", "竪兵",
    "横兵", "犬", "歩兵",
    /* promoted forms, same order: the name of what they became */
    "", "", "", "大将", "副将", "", "奔鷲", "飛将", "角将", "火鬼", "四天王", "", "", "獅鷹",
    "飛鷲", "角鷹", "龍王", "龍馬", "獅子", "奔王", "太子", "飛鹿", "角行", "飛車", "竪行",
    "横行", "竪兵", "横兵", "飛牛", "奔猪", "鯨鯢", "白駒", "車兵", "水牛", "雜将", "と金",
};

const char *const kind_romaji[KIND_COUNT] = {
    "", "gyokushō", "taishō", "fukushō", "hishō", "kakushō", "honjū", "honnō", "hijū",
    "kakuō", "suigyū", "shahei", "kaki", "shiō", "shishi", "ryūō", "ryūme", "hisha",
    "kakugyō", "kirin", "hōō", "suizō", "mōko", "mōhyō", "kinshō", "ginshō", "dōshō",
    "tesshō", "keima", "shugyō", "ōgyō", "hensha", "kyōsha", "shuhei", "ōhei", "inu", "fuhyō",
    "", "", "", "taishō", "fukushō", "", "honjū", "hishō", "kakushō", "kaki", "shitennō", "",
    "", "shiō", "hijū", "kakuō", "ryūō", "ryūme", "shishi", "honnō", "taishi", "hiroku",
    "kakugyō", "hisha", "shugyō", "ōgyō", "shuhei", "ōhei", "higyū", "honcho", "keigei",
    "hakku", "shahei", "suigyū", "suishō", "tokin",
};
