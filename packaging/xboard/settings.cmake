# cmake -DIN=tenjiku.in -DINSCRIPTIONS=kanji/inscriptions.txt -DOUT=tenjiku -P settings.cmake
# Writes XBoard's settings for tenjiku (packaging/xboard/tenjiku.in) with the inscriptions of
# kaki-board's kanji pieces, which tell apart the two pieces XBoard draws with one image.
file(READ ${IN} text)
file(READ ${INSCRIPTIONS} inscriptions)
string(REGEX REPLACE "\n+$" "" inscriptions "${inscriptions}")
if(inscriptions MATCHES "[\"\\\\\n]")
  message(FATAL_ERROR "${INSCRIPTIONS}: a quote, backslash or line break cannot be written")
endif()
string(REPLACE "%INSCRIPTIONS%" "${inscriptions}" text "${text}")
file(WRITE ${OUT} "${text}")
