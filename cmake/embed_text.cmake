# cmake -DIN=file -DOUT=file.inc -P embed_text.cmake: writes IN's text as a C++ raw string literal,
# to be #included where the text is needed (the device comparison kernel's PTX).
file(READ "${IN}" content)
file(WRITE "${OUT}" "R\"JUDGE_EMBED(${content})JUDGE_EMBED\"\n")
