# Writes the file IN as a C string constant `mdh_irdl_source` into OUT.
file(READ ${IN} text)
string(REPLACE "\\" "\\\\" text "${text}")
string(REPLACE "\"" "\\\"" text "${text}")
string(REPLACE "\n" "\\n\"\n\"" text "${text}")
file(WRITE ${OUT} "/* Generated from dialect/mdh.irdl.mlir; do not edit. */\n"
  "const char mdh_irdl_source[] =\n\"${text}\";\n")
