// RUN: tessel-opt %s --run=main_t | FileCheck %s --check-prefix=ELEMENTWISE
// RUN: tessel-opt %s --run=main_c | FileCheck %s --check-prefix=CONTRACTIONS

// The engine runs the new named ops with mlir-runner's bits: each program
// returns its results bitcast to i32, and the CHECK lines hold what
// mlir-runner printed for them after mlir-opt 22's
// -one-shot-bufferize=bufferize-function-boundaries -convert-linalg-to-loops
// -convert-math-to-llvm -convert-math-to-libm and the LLVM conversions
// (tanh, erf and powf are the C library's in both).

// ELEMENTWISE: // result #0: tensor<10x3x4xi32>
// ELEMENTWISE-NEXT: {{\[\[}}[-1073741824, -1082130432, -1082130432, -2147483648],
// ELEMENTWISE-NEXT:   [-2147483648, -2147483648, 1065353216, 1065353216],
// ELEMENTWISE-NEXT:   [1065353216, 1073741824, 1073741824, 1077936128]],
// ELEMENTWISE:  {{\[\[}}-1069547520, -1073741824, -1073741824, -1082130432],
// ELEMENTWISE-NEXT:   [-1082130432, -1082130432, 0, 0],
// ELEMENTWISE-NEXT:   [0, 1065353216, 1065353216, 1073741824]],
// ELEMENTWISE:  {{\[\[}}-1090807592, -1088831242, -1085952270, -1081450275],
// ELEMENTWISE-NEXT:   [-1075404431, -1062405867, 1085077781, 1072079217],
// ELEMENTWISE-NEXT:   [1066033373, 1061531378, 1058652406, 1056676056]],
// ELEMENTWISE:  {{\[\[}}-1073741824, -1073741824, -1082130432, -1082130432],
// ELEMENTWISE-NEXT:   [-1082130432, -2147483648, 0, 1065353216],
// ELEMENTWISE-NEXT:   [1065353216, 1065353216, 1073741824, 1073741824]],
// ELEMENTWISE:  {{\[\[}}1074505938, 1069908512, 1067533261, 1066117330],
// ELEMENTWISE-NEXT:   [1064948887, 1063522332, 1062413615, 1061519904],
// ELEMENTWISE-NEXT:   [1060779629, 1060153379, 1059614598, 1059144653]],
// ELEMENTWISE:  {{\[\[}}1082426603, 1076980770, 1071032515, 1062931006],
// ELEMENTWISE-NEXT:   [1050522996, 1024208772, 1024208772, 1050522996],
// ELEMENTWISE-NEXT:   [1062931006, 1071032515, 1076980770, 1082426603]],
// ELEMENTWISE:  {{\[\[}}-1082693833, -1083289947, -1084472020, -1086689570],
// ELEMENTWISE-NEXT:   [-1090447599, -1103409448, 1044074200, 1057036049],
// ELEMENTWISE-NEXT:   [1060794078, 1063011628, 1064193701, 1064789815]],
// ELEMENTWISE:  {{\[\[}}-1082197591, -1082441471, -1083255174, -1085331915],
// ELEMENTWISE-NEXT:   [-1089386895, -1101834070, 1045649578, 1058096753],
// ELEMENTWISE-NEXT:   [1062151733, 1064228474, 1065042177, 1065286057]],
// ELEMENTWISE:  {{\[\[}}1103075110, 1082632194, 1072224235, 1066821309],
// ELEMENTWISE-NEXT:   [1064905010, 1064651013, 1065972924, 1068152198],
// ELEMENTWISE-NEXT:   [1072079918, 1076316329, 1082195465, 1087497440]],
// ELEMENTWISE:  {{\[\[}}1045891645, 1054280253, 1059145646, 1062668861],
// ELEMENTWISE-NEXT:   [1065772646, 1067534254, 1044213924, 1057887355],
// ELEMENTWISE-NEXT:   [1064094925, 1067827856, 1070931640, 1073888625]]]

// CONTRACTIONS: // result #0: tensor<2x4x6xi32>
// CONTRACTIONS-NEXT: {{\[\[}}[1088530940, 1088530940, 1088530940, 1088530940, 1088530940, 1088530940],
// CONTRACTIONS-NEXT:   [1107953713, 1108389920, 1108826128, 1109262336, 1109698543, 1110134751],
// CONTRACTIONS-NEXT:   [1115151138, 1115854209, 1116290416, 1116726624, 1117162832, 1117599039],
// CONTRACTIONS-NEXT:   [1119016714, 1119671026, 1120325337, 1120979648, 1121633960, 1122288270]],
// CONTRACTIONS:  {{\[\[}}1138372247, 1138590351, 1138808456, 1139026560, 1139244662, 1139462766],
// CONTRACTIONS-NEXT:   [1141369930, 1141506244, 1141642559, 1141778874, 1141915189, 1142051504],
// CONTRACTIONS-NEXT:   [1143128391, 1143291969, 1143455547, 1143619126, 1143782703, 1143946280],
// CONTRACTIONS-NEXT:   [1144886853, 1145077694, 1145268535, 1145459376, 1145650216, 1145841057]]]
// CONTRACTIONS-NEXT: // result #1: tensor<4xi32>
// CONTRACTIONS-NEXT: [1091318054, -1056059058, -1043076636, -1037011568]
// CONTRACTIONS-NEXT: // result #2: tensor<8xi32>
// CONTRACTIONS-NEXT: [-1052412530, -1049626673, -1047708408, -1046315480, -1044922551, -1043529623, -1042136694, -1040743766]
// CONTRACTIONS-NEXT: // result #3: tensor<4x6xi32>
// CONTRACTIONS-NEXT: {{\[\[}}1138586943, 1138805047, 1139023152, 1139241256, 1139459358, 1139677462],
// CONTRACTIONS-NEXT:  [1141927117, 1142090694, 1142254272, 1142417850, 1142581428, 1142745006],
// CONTRACTIONS-NEXT:  [1144135417, 1144353521, 1144571625, 1144789730, 1145007833, 1145225936],
// CONTRACTIONS-NEXT:  [1146343719, 1146616348, 1146888978, 1147161608, 1147434237, 1147706866]]
// CONTRACTIONS-NEXT: // result #4: tensor<2x5x4x2xi32>
// CONTRACTIONS-NEXT: {{\[\[}}{{\[\[}}1165243073, 1168432636],
// CONTRACTIONS-NEXT:    [1166667883, 1170301199],
// CONTRACTIONS-NEXT:    [1167705972, 1172169760],
// CONTRACTIONS-NEXT:    [1168744062, 1174038324]],
// CONTRACTIONS:   {{\[\[}}1178425987, 1179827409],
// CONTRACTIONS-NEXT:    [1181436448, 1183023418],
// CONTRACTIONS-NEXT:    [1183620318, 1184736266],
// CONTRACTIONS-NEXT:    [1185125550, 1186449116]],
// CONTRACTIONS:   {{\[\[}}1184814123, 1185514834],
// CONTRACTIONS-NEXT:    [1187565063, 1188473392],
// CONTRACTIONS-NEXT:    [1190316001, 1191307142],
// CONTRACTIONS-NEXT:    [1192124638, 1192786421]],
// CONTRACTIONS:   {{\[\[}}1189018388, 1189719099],
// CONTRACTIONS-NEXT:    [1192098687, 1192552850],
// CONTRACTIONS-NEXT:    [1194097009, 1194654984],
// CONTRACTIONS-NEXT:    [1196095334, 1196757116]],
// CONTRACTIONS:   {{\[\[}}1192202495, 1192552850],
// CONTRACTIONS-NEXT:    [1194823673, 1195277838],
// CONTRACTIONS-NEXT:    [1197444851, 1198002824],
// CONTRACTIONS-NEXT:    [1199818486, 1200149378]]],
// CONTRACTIONS:  {{\[\[}}[1176245997, 1182630253],
// CONTRACTIONS-NEXT:    [1176765043, 1183179131],
// CONTRACTIONS-NEXT:    [1177284088, 1183646271],
// CONTRACTIONS-NEXT:    [1177803134, 1184113412]],
// CONTRACTIONS:   {{\[\[}}1194927483, 1196523546],
// CONTRACTIONS-NEXT:    [1195680097, 1197379971],
// CONTRACTIONS-NEXT:    [1196432714, 1198236393],
// CONTRACTIONS-NEXT:    [1197185328, 1199092820]],
// CONTRACTIONS:   {{\[\[}}1202037403, 1202835437],
// CONTRACTIONS-NEXT:    [1202725139, 1203575074],
// CONTRACTIONS-NEXT:    [1203412874, 1204314714],
// CONTRACTIONS-NEXT:    [1204100608, 1205054353]],
// CONTRACTIONS:   {{\[\[}}1206825595, 1207623627],
// CONTRACTIONS-NEXT:    [1207824756, 1208317123],
// CONTRACTIONS-NEXT:    [1208391735, 1208842657],
// CONTRACTIONS-NEXT:    [1208891317, 1209368189]],
// CONTRACTIONS:   {{\[\[}}1209786670, 1210185686],
// CONTRACTIONS-NEXT:    [1210441964, 1210866933],
// CONTRACTIONS-NEXT:    [1211097259, 1211548179],
// CONTRACTIONS-NEXT:    [1211752553, 1212229427]]]]
// CONTRACTIONS-NEXT: // result #5: tensor<2x2x5x4x2xi32>
// CONTRACTIONS-NEXT: {{\[\[}}{{\[\[}}[1169122060, 1173327504],
// CONTRACTIONS-NEXT:     [1170467801, 1175212054],
// CONTRACTIONS-NEXT:     [1171813544, 1176557797],
// CONTRACTIONS-NEXT:     [1173159286, 1177903539]],
// CONTRACTIONS:    {{\[\[}}1183586827, 1184638188],
// CONTRACTIONS-NEXT:     [1185941876, 1187329672],
// CONTRACTIONS-NEXT:     [1188296923, 1190021158],
// CONTRACTIONS-NEXT:     [1190651975, 1191947490]],
// CONTRACTIONS:    {{\[\[}}1189894994, 1190946356],
// CONTRACTIONS-NEXT:     [1192725497, 1193419395],
// CONTRACTIONS-NEXT:     [1194912328, 1195774446],
// CONTRACTIONS-NEXT:     [1197099159, 1198129493]],
// CONTRACTIONS:    {{\[\[}}1193692749, 1194218429],
// CONTRACTIONS-NEXT:     [1196888887, 1197582785],
// CONTRACTIONS-NEXT:     [1199827984, 1200259044],
// CONTRACTIONS-NEXT:     [1201426055, 1201941221]],
// CONTRACTIONS:    {{\[\[}}1196846832, 1197372514],
// CONTRACTIONS-NEXT:     [1200311611, 1200658559],
// CONTRACTIONS-NEXT:     [1202414333, 1202845392],
// CONTRACTIONS-NEXT:     [1204517055, 1205032224]]],
// CONTRACTIONS:   {{\[\[}}[1179838044, 1186404475],
// CONTRACTIONS-NEXT:     [1180510916, 1187077346],
// CONTRACTIONS-NEXT:     [1181183786, 1187750217],
// CONTRACTIONS-NEXT:     [1181856657, 1188423088]],
// CONTRACTIONS:    {{\[\[}}1200542911, 1201815057],
// CONTRACTIONS-NEXT:     [1201131673, 1202487929],
// CONTRACTIONS-NEXT:     [1201720436, 1203160800],
// CONTRACTIONS-NEXT:     [1202309198, 1203833672]],
// CONTRACTIONS:    {{\[\[}}1208067672, 1208703746],
// CONTRACTIONS-NEXT:     [1208614381, 1209292509],
// CONTRACTIONS-NEXT:     [1209161090, 1209881271],
// CONTRACTIONS-NEXT:     [1209707796, 1210470033]],
// CONTRACTIONS:    {{\[\[}}1211884114, 1212520188],
// CONTRACTIONS-NEXT:     [1212683149, 1213361275],
// CONTRACTIONS-NEXT:     [1213482183, 1214202367],
// CONTRACTIONS-NEXT:     [1214281218, 1215043454]],
// CONTRACTIONS:    {{\[\[}}1215700556, 1216336630],
// CONTRACTIONS-NEXT:     [1216550039, 1216889103],
// CONTRACTIONS-NEXT:     [1217075719, 1217435809],
// CONTRACTIONS-NEXT:     [1217601401, 1217982519]]]],
// CONTRACTIONS:  {{\[\[}}{{\[\[}}1225245737, 1225530919],
// CONTRACTIONS-NEXT:     [1225571659, 1225867355],
// CONTRACTIONS-NEXT:     [1225897581, 1226203790],
// CONTRACTIONS-NEXT:     [1226223503, 1226540224]],
// CONTRACTIONS:    {{\[\[}}1226956828, 1227242009],
// CONTRACTIONS-NEXT:     [1227345833, 1227641527],
// CONTRACTIONS-NEXT:     [1227734835, 1228041045],
// CONTRACTIONS-NEXT:     [1228123839, 1228440562]],
// CONTRACTIONS:    {{\[\[}}1228667918, 1228953100],
// CONTRACTIONS-NEXT:     [1229120003, 1229415699],
// CONTRACTIONS-NEXT:     [1229572090, 1229878297],
// CONTRACTIONS-NEXT:     [1230024174, 1230340897]],
// CONTRACTIONS:    {{\[\[}}1230379007, 1230664189],
// CONTRACTIONS-NEXT:     [1230894176, 1231189872],
// CONTRACTIONS-NEXT:     [1231409344, 1231715551],
// CONTRACTIONS-NEXT:     [1231924512, 1232241233]],
// CONTRACTIONS:    {{\[\[}}1232090098, 1232375282],
// CONTRACTIONS-NEXT:     [1232668348, 1232964044],
// CONTRACTIONS-NEXT:     [1233185987, 1233339090],
// CONTRACTIONS-NEXT:     [1233475111, 1233633472]]],
// CONTRACTIONS:   {{\[\[}}[1229156802, 1229568146],
// CONTRACTIONS-NEXT:     [1229482724, 1229904582],
// CONTRACTIONS-NEXT:     [1229808646, 1230241017],
// CONTRACTIONS-NEXT:     [1230134566, 1230577453]],
// CONTRACTIONS:    {{\[\[}}1231624873, 1232036217],
// CONTRACTIONS-NEXT:     [1232013875, 1232435735],
// CONTRACTIONS-NEXT:     [1232402880, 1232835253],
// CONTRACTIONS-NEXT:     [1232791882, 1233180073]],
// CONTRACTIONS:    {{\[\[}}1233609159, 1233814832],
// CONTRACTIONS-NEXT:     [1233835201, 1234046132],
// CONTRACTIONS-NEXT:     [1234061243, 1234277432],
// CONTRACTIONS-NEXT:     [1234287287, 1234508731]],
// CONTRACTIONS:    {{\[\[}}1234843194, 1235048866],
// CONTRACTIONS-NEXT:     [1235100777, 1235311708],
// CONTRACTIONS-NEXT:     [1235358361, 1235574548],
// CONTRACTIONS-NEXT:     [1235615946, 1235837388]],
// CONTRACTIONS:    {{\[\[}}1236077230, 1236282901],
// CONTRACTIONS-NEXT:     [1236366355, 1236577285],
// CONTRACTIONS-NEXT:     [1236655478, 1236871666],
// CONTRACTIONS-NEXT:     [1236944603, 1237166046]]]]]

func.func @u(%a: tensor<3x4xf32>, %b: tensor<3x4xf32>) -> tensor<10x3x4xf32> {
  %o = tensor.empty() : tensor<3x4xf32>
  %c = tensor.empty() : tensor<3x4xi1>
  %z = arith.constant 0.0 : f32
  %cmp = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<3x4xf32>) outs(%c : tensor<3x4xi1>) {
  ^bb0(%x: f32, %y: i1):
    %q = arith.cmpf ogt, %x, %z : f32
    linalg.yield %q : i1
  } -> tensor<3x4xi1>
  %0 = linalg.ceil ins(%a : tensor<3x4xf32>) outs(%o : tensor<3x4xf32>) -> tensor<3x4xf32>
  %1 = linalg.floor ins(%a : tensor<3x4xf32>) outs(%o : tensor<3x4xf32>) -> tensor<3x4xf32>
  %2 = linalg.reciprocal ins(%a : tensor<3x4xf32>) outs(%o : tensor<3x4xf32>) -> tensor<3x4xf32>
  %3 = linalg.round ins(%a : tensor<3x4xf32>) outs(%o : tensor<3x4xf32>) -> tensor<3x4xf32>
  %4 = linalg.rsqrt ins(%b : tensor<3x4xf32>) outs(%o : tensor<3x4xf32>) -> tensor<3x4xf32>
  %5 = linalg.square ins(%a : tensor<3x4xf32>) outs(%o : tensor<3x4xf32>) -> tensor<3x4xf32>
  %6 = linalg.tanh ins(%a : tensor<3x4xf32>) outs(%o : tensor<3x4xf32>) -> tensor<3x4xf32>
  %7 = linalg.erf ins(%a : tensor<3x4xf32>) outs(%o : tensor<3x4xf32>) -> tensor<3x4xf32>
  %8 = linalg.powf ins(%b, %a : tensor<3x4xf32>, tensor<3x4xf32>) outs(%o : tensor<3x4xf32>) -> tensor<3x4xf32>
  %9 = linalg.select ins(%cmp, %a, %b : tensor<3x4xi1>, tensor<3x4xf32>, tensor<3x4xf32>) outs(%o : tensor<3x4xf32>) -> tensor<3x4xf32>
  %e = tensor.empty() : tensor<10x3x4xf32>
  %r0 = tensor.insert_slice %0 into %e[0, 0, 0] [1, 3, 4] [1, 1, 1] : tensor<3x4xf32> into tensor<10x3x4xf32>
  %r1 = tensor.insert_slice %1 into %r0[1, 0, 0] [1, 3, 4] [1, 1, 1] : tensor<3x4xf32> into tensor<10x3x4xf32>
  %r2 = tensor.insert_slice %2 into %r1[2, 0, 0] [1, 3, 4] [1, 1, 1] : tensor<3x4xf32> into tensor<10x3x4xf32>
  %r3 = tensor.insert_slice %3 into %r2[3, 0, 0] [1, 3, 4] [1, 1, 1] : tensor<3x4xf32> into tensor<10x3x4xf32>
  %r4 = tensor.insert_slice %4 into %r3[4, 0, 0] [1, 3, 4] [1, 1, 1] : tensor<3x4xf32> into tensor<10x3x4xf32>
  %r5 = tensor.insert_slice %5 into %r4[5, 0, 0] [1, 3, 4] [1, 1, 1] : tensor<3x4xf32> into tensor<10x3x4xf32>
  %r6 = tensor.insert_slice %6 into %r5[6, 0, 0] [1, 3, 4] [1, 1, 1] : tensor<3x4xf32> into tensor<10x3x4xf32>
  %r7 = tensor.insert_slice %7 into %r6[7, 0, 0] [1, 3, 4] [1, 1, 1] : tensor<3x4xf32> into tensor<10x3x4xf32>
  %r8 = tensor.insert_slice %8 into %r7[8, 0, 0] [1, 3, 4] [1, 1, 1] : tensor<3x4xf32> into tensor<10x3x4xf32>
  %r9 = tensor.insert_slice %9 into %r8[9, 0, 0] [1, 3, 4] [1, 1, 1] : tensor<3x4xf32> into tensor<10x3x4xf32>
  return %r9 : tensor<10x3x4xf32>
}
func.func @gen(%scale: f32, %shift: f32) -> tensor<3x4xf32> {
  %e = tensor.empty() : tensor<3x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<3x4xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c4 = arith.constant 4 : index
    %k = arith.muli %i, %c4 : index
    %l = arith.addi %k, %j : index
    %li = arith.index_cast %l : index to i64
    %f = arith.sitofp %li : i64 to f32
    %g = arith.addf %f, %shift : f32
    %h = arith.mulf %g, %scale : f32
    linalg.yield %h : f32
  } -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}
func.func @main_t() -> tensor<10x3x4xi32> {
  %s1 = arith.constant 0.37 : f32
  %h1 = arith.constant -5.5 : f32
  %s2 = arith.constant 0.21 : f32
  %h2 = arith.constant 1.0 : f32
  %a = call @gen(%s1, %h1) : (f32, f32) -> tensor<3x4xf32>
  %b = call @gen(%s2, %h2) : (f32, f32) -> tensor<3x4xf32>
  %r = call @u(%a, %b) : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<10x3x4xf32>
  %e = tensor.empty() : tensor<10x3x4xi32>
  %bits = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%r : tensor<10x3x4xf32>) outs(%e : tensor<10x3x4xi32>) {
  ^bb0(%x: f32, %o: i32):
    %y = arith.bitcast %x : f32 to i32
    linalg.yield %y : i32
  } -> tensor<10x3x4xi32>
  return %bits : tensor<10x3x4xi32>
}

func.func @m(%a: tensor<2x4x8xf32>, %b: tensor<2x8x6xf32>, %m: tensor<4x8xf32>, %v: tensor<8xf32>, %w: tensor<4xf32>, %p: tensor<2x3x4x8xf32>, %q: tensor<5x3x2x8xf32>, %bp: tensor<2x2x3x4x8xf32>, %bq: tensor<2x5x3x2x8xf32>) -> (tensor<2x4x6xf32>, tensor<4xf32>, tensor<8xf32>, tensor<4x6xf32>, tensor<2x5x4x2xf32>, tensor<2x2x5x4x2xf32>) {
  %z = arith.constant 0.5 : f32
  %o = tensor.empty() : tensor<2x4x6xf32>
  %of = linalg.fill ins(%z : f32) outs(%o : tensor<2x4x6xf32>) -> tensor<2x4x6xf32>
  %o4 = tensor.empty() : tensor<4xf32>
  %o4f = linalg.fill ins(%z : f32) outs(%o4 : tensor<4xf32>) -> tensor<4xf32>
  %o8 = tensor.empty() : tensor<8xf32>
  %o8f = linalg.fill ins(%z : f32) outs(%o8 : tensor<8xf32>) -> tensor<8xf32>
  %o46 = tensor.empty() : tensor<4x6xf32>
  %o46f = linalg.fill ins(%z : f32) outs(%o46 : tensor<4x6xf32>) -> tensor<4x6xf32>
  %or = tensor.empty() : tensor<2x5x4x2xf32>
  %orf = linalg.fill ins(%z : f32) outs(%or : tensor<2x5x4x2xf32>) -> tensor<2x5x4x2xf32>
  %ob = tensor.empty() : tensor<2x2x5x4x2xf32>
  %obf = linalg.fill ins(%z : f32) outs(%ob : tensor<2x2x5x4x2xf32>) -> tensor<2x2x5x4x2xf32>
  %0 = linalg.batch_matmul ins(%a, %b : tensor<2x4x8xf32>, tensor<2x8x6xf32>) outs(%of : tensor<2x4x6xf32>) -> tensor<2x4x6xf32>
  %1 = linalg.matvec ins(%m, %v : tensor<4x8xf32>, tensor<8xf32>) outs(%o4f : tensor<4xf32>) -> tensor<4xf32>
  %2 = linalg.vecmat ins(%w, %m : tensor<4xf32>, tensor<4x8xf32>) outs(%o8f : tensor<8xf32>) -> tensor<8xf32>
  %3 = linalg.batch_reduce_matmul ins(%a, %b : tensor<2x4x8xf32>, tensor<2x8x6xf32>) outs(%o46f : tensor<4x6xf32>) -> tensor<4x6xf32>
  %4 = linalg.mmt4d ins(%p, %q : tensor<2x3x4x8xf32>, tensor<5x3x2x8xf32>) outs(%orf : tensor<2x5x4x2xf32>) -> tensor<2x5x4x2xf32>
  %5 = linalg.batch_mmt4d ins(%bp, %bq : tensor<2x2x3x4x8xf32>, tensor<2x5x3x2x8xf32>) outs(%obf : tensor<2x2x5x4x2xf32>) -> tensor<2x2x5x4x2xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<2x4x6xf32>, tensor<4xf32>, tensor<8xf32>, tensor<4x6xf32>, tensor<2x5x4x2xf32>, tensor<2x2x5x4x2xf32>
}
func.func @cgen_a() -> tensor<2x4x8xf32> {
  %e = tensor.empty() : tensor<2x4x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} outs(%e : tensor<2x4x8xf32>) {
  ^bb0(%o: f32):
    %acc0 = arith.constant 0 : index
    %i0 = linalg.index 0 : index
    %c0 = arith.constant 2 : index
    %m0 = arith.muli %acc0, %c0 : index
    %acc1 = arith.addi %m0, %i0 : index
    %i1 = linalg.index 1 : index
    %c1 = arith.constant 4 : index
    %m1 = arith.muli %acc1, %c1 : index
    %acc2 = arith.addi %m1, %i1 : index
    %i2 = linalg.index 2 : index
    %c2 = arith.constant 8 : index
    %m2 = arith.muli %acc2, %c2 : index
    %acc3 = arith.addi %m2, %i2 : index
    %li = arith.index_cast %acc3 : index to i64
    %f = arith.sitofp %li : i64 to f32
    %sc = arith.constant 0.13 : f32
    %sh = arith.constant -3.5 : f32
    %g = arith.addf %f, %sh : f32
    %h = arith.mulf %g, %sc : f32
    linalg.yield %h : f32
  } -> tensor<2x4x8xf32>
  return %r : tensor<2x4x8xf32>
}
func.func @cgen_b() -> tensor<2x8x6xf32> {
  %e = tensor.empty() : tensor<2x8x6xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} outs(%e : tensor<2x8x6xf32>) {
  ^bb0(%o: f32):
    %acc0 = arith.constant 0 : index
    %i0 = linalg.index 0 : index
    %c0 = arith.constant 2 : index
    %m0 = arith.muli %acc0, %c0 : index
    %acc1 = arith.addi %m0, %i0 : index
    %i1 = linalg.index 1 : index
    %c1 = arith.constant 8 : index
    %m1 = arith.muli %acc1, %c1 : index
    %acc2 = arith.addi %m1, %i1 : index
    %i2 = linalg.index 2 : index
    %c2 = arith.constant 6 : index
    %m2 = arith.muli %acc2, %c2 : index
    %acc3 = arith.addi %m2, %i2 : index
    %li = arith.index_cast %acc3 : index to i64
    %f = arith.sitofp %li : i64 to f32
    %sc = arith.constant 0.2 : f32
    %sh = arith.constant -4.5 : f32
    %g = arith.addf %f, %sh : f32
    %h = arith.mulf %g, %sc : f32
    linalg.yield %h : f32
  } -> tensor<2x8x6xf32>
  return %r : tensor<2x8x6xf32>
}
func.func @cgen_m() -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<4x8xf32>) {
  ^bb0(%o: f32):
    %acc0 = arith.constant 0 : index
    %i0 = linalg.index 0 : index
    %c0 = arith.constant 4 : index
    %m0 = arith.muli %acc0, %c0 : index
    %acc1 = arith.addi %m0, %i0 : index
    %i1 = linalg.index 1 : index
    %c1 = arith.constant 8 : index
    %m1 = arith.muli %acc1, %c1 : index
    %acc2 = arith.addi %m1, %i1 : index
    %li = arith.index_cast %acc2 : index to i64
    %f = arith.sitofp %li : i64 to f32
    %sc = arith.constant 0.27 : f32
    %sh = arith.constant -5.5 : f32
    %g = arith.addf %f, %sh : f32
    %h = arith.mulf %g, %sc : f32
    linalg.yield %h : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
func.func @cgen_v() -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%e : tensor<8xf32>) {
  ^bb0(%o: f32):
    %acc0 = arith.constant 0 : index
    %i0 = linalg.index 0 : index
    %c0 = arith.constant 8 : index
    %m0 = arith.muli %acc0, %c0 : index
    %acc1 = arith.addi %m0, %i0 : index
    %li = arith.index_cast %acc1 : index to i64
    %f = arith.sitofp %li : i64 to f32
    %sc = arith.constant 0.34 : f32
    %sh = arith.constant -6.5 : f32
    %g = arith.addf %f, %sh : f32
    %h = arith.mulf %g, %sc : f32
    linalg.yield %h : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}
func.func @cgen_w() -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%e : tensor<4xf32>) {
  ^bb0(%o: f32):
    %acc0 = arith.constant 0 : index
    %i0 = linalg.index 0 : index
    %c0 = arith.constant 4 : index
    %m0 = arith.muli %acc0, %c0 : index
    %acc1 = arith.addi %m0, %i0 : index
    %li = arith.index_cast %acc1 : index to i64
    %f = arith.sitofp %li : i64 to f32
    %sc = arith.constant 0.41000000000000003 : f32
    %sh = arith.constant -7.5 : f32
    %g = arith.addf %f, %sh : f32
    %h = arith.mulf %g, %sc : f32
    linalg.yield %h : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @cgen_p() -> tensor<2x3x4x8xf32> {
  %e = tensor.empty() : tensor<2x3x4x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%e : tensor<2x3x4x8xf32>) {
  ^bb0(%o: f32):
    %acc0 = arith.constant 0 : index
    %i0 = linalg.index 0 : index
    %c0 = arith.constant 2 : index
    %m0 = arith.muli %acc0, %c0 : index
    %acc1 = arith.addi %m0, %i0 : index
    %i1 = linalg.index 1 : index
    %c1 = arith.constant 3 : index
    %m1 = arith.muli %acc1, %c1 : index
    %acc2 = arith.addi %m1, %i1 : index
    %i2 = linalg.index 2 : index
    %c2 = arith.constant 4 : index
    %m2 = arith.muli %acc2, %c2 : index
    %acc3 = arith.addi %m2, %i2 : index
    %i3 = linalg.index 3 : index
    %c3 = arith.constant 8 : index
    %m3 = arith.muli %acc3, %c3 : index
    %acc4 = arith.addi %m3, %i3 : index
    %li = arith.index_cast %acc4 : index to i64
    %f = arith.sitofp %li : i64 to f32
    %sc = arith.constant 0.48000000000000004 : f32
    %sh = arith.constant -8.5 : f32
    %g = arith.addf %f, %sh : f32
    %h = arith.mulf %g, %sc : f32
    linalg.yield %h : f32
  } -> tensor<2x3x4x8xf32>
  return %r : tensor<2x3x4x8xf32>
}
func.func @cgen_q() -> tensor<5x3x2x8xf32> {
  %e = tensor.empty() : tensor<5x3x2x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%e : tensor<5x3x2x8xf32>) {
  ^bb0(%o: f32):
    %acc0 = arith.constant 0 : index
    %i0 = linalg.index 0 : index
    %c0 = arith.constant 5 : index
    %m0 = arith.muli %acc0, %c0 : index
    %acc1 = arith.addi %m0, %i0 : index
    %i1 = linalg.index 1 : index
    %c1 = arith.constant 3 : index
    %m1 = arith.muli %acc1, %c1 : index
    %acc2 = arith.addi %m1, %i1 : index
    %i2 = linalg.index 2 : index
    %c2 = arith.constant 2 : index
    %m2 = arith.muli %acc2, %c2 : index
    %acc3 = arith.addi %m2, %i2 : index
    %i3 = linalg.index 3 : index
    %c3 = arith.constant 8 : index
    %m3 = arith.muli %acc3, %c3 : index
    %acc4 = arith.addi %m3, %i3 : index
    %li = arith.index_cast %acc4 : index to i64
    %f = arith.sitofp %li : i64 to f32
    %sc = arith.constant 0.55 : f32
    %sh = arith.constant -9.5 : f32
    %g = arith.addf %f, %sh : f32
    %h = arith.mulf %g, %sc : f32
    linalg.yield %h : f32
  } -> tensor<5x3x2x8xf32>
  return %r : tensor<5x3x2x8xf32>
}
func.func @cgen_bp() -> tensor<2x2x3x4x8xf32> {
  %e = tensor.empty() : tensor<2x2x3x4x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} outs(%e : tensor<2x2x3x4x8xf32>) {
  ^bb0(%o: f32):
    %acc0 = arith.constant 0 : index
    %i0 = linalg.index 0 : index
    %c0 = arith.constant 2 : index
    %m0 = arith.muli %acc0, %c0 : index
    %acc1 = arith.addi %m0, %i0 : index
    %i1 = linalg.index 1 : index
    %c1 = arith.constant 2 : index
    %m1 = arith.muli %acc1, %c1 : index
    %acc2 = arith.addi %m1, %i1 : index
    %i2 = linalg.index 2 : index
    %c2 = arith.constant 3 : index
    %m2 = arith.muli %acc2, %c2 : index
    %acc3 = arith.addi %m2, %i2 : index
    %i3 = linalg.index 3 : index
    %c3 = arith.constant 4 : index
    %m3 = arith.muli %acc3, %c3 : index
    %acc4 = arith.addi %m3, %i3 : index
    %i4 = linalg.index 4 : index
    %c4 = arith.constant 8 : index
    %m4 = arith.muli %acc4, %c4 : index
    %acc5 = arith.addi %m4, %i4 : index
    %li = arith.index_cast %acc5 : index to i64
    %f = arith.sitofp %li : i64 to f32
    %sc = arith.constant 0.6200000000000001 : f32
    %sh = arith.constant -10.5 : f32
    %g = arith.addf %f, %sh : f32
    %h = arith.mulf %g, %sc : f32
    linalg.yield %h : f32
  } -> tensor<2x2x3x4x8xf32>
  return %r : tensor<2x2x3x4x8xf32>
}
func.func @cgen_bq() -> tensor<2x5x3x2x8xf32> {
  %e = tensor.empty() : tensor<2x5x3x2x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} outs(%e : tensor<2x5x3x2x8xf32>) {
  ^bb0(%o: f32):
    %acc0 = arith.constant 0 : index
    %i0 = linalg.index 0 : index
    %c0 = arith.constant 2 : index
    %m0 = arith.muli %acc0, %c0 : index
    %acc1 = arith.addi %m0, %i0 : index
    %i1 = linalg.index 1 : index
    %c1 = arith.constant 5 : index
    %m1 = arith.muli %acc1, %c1 : index
    %acc2 = arith.addi %m1, %i1 : index
    %i2 = linalg.index 2 : index
    %c2 = arith.constant 3 : index
    %m2 = arith.muli %acc2, %c2 : index
    %acc3 = arith.addi %m2, %i2 : index
    %i3 = linalg.index 3 : index
    %c3 = arith.constant 2 : index
    %m3 = arith.muli %acc3, %c3 : index
    %acc4 = arith.addi %m3, %i3 : index
    %i4 = linalg.index 4 : index
    %c4 = arith.constant 8 : index
    %m4 = arith.muli %acc4, %c4 : index
    %acc5 = arith.addi %m4, %i4 : index
    %li = arith.index_cast %acc5 : index to i64
    %f = arith.sitofp %li : i64 to f32
    %sc = arith.constant 0.6900000000000001 : f32
    %sh = arith.constant -11.5 : f32
    %g = arith.addf %f, %sh : f32
    %h = arith.mulf %g, %sc : f32
    linalg.yield %h : f32
  } -> tensor<2x5x3x2x8xf32>
  return %r : tensor<2x5x3x2x8xf32>
}
func.func @main_c() -> (tensor<2x4x6xi32>, tensor<4xi32>, tensor<8xi32>, tensor<4x6xi32>, tensor<2x5x4x2xi32>, tensor<2x2x5x4x2xi32>) {
  %a = call @cgen_a() : () -> tensor<2x4x8xf32>
  %b = call @cgen_b() : () -> tensor<2x8x6xf32>
  %m = call @cgen_m() : () -> tensor<4x8xf32>
  %v = call @cgen_v() : () -> tensor<8xf32>
  %w = call @cgen_w() : () -> tensor<4xf32>
  %p = call @cgen_p() : () -> tensor<2x3x4x8xf32>
  %q = call @cgen_q() : () -> tensor<5x3x2x8xf32>
  %bp = call @cgen_bp() : () -> tensor<2x2x3x4x8xf32>
  %bq = call @cgen_bq() : () -> tensor<2x5x3x2x8xf32>
  %r:6 = call @m(%a, %b, %m, %v, %w, %p, %q, %bp, %bq) : (tensor<2x4x8xf32>, tensor<2x8x6xf32>, tensor<4x8xf32>, tensor<8xf32>, tensor<4xf32>, tensor<2x3x4x8xf32>, tensor<5x3x2x8xf32>, tensor<2x2x3x4x8xf32>, tensor<2x5x3x2x8xf32>) -> (tensor<2x4x6xf32>, tensor<4xf32>, tensor<8xf32>, tensor<4x6xf32>, tensor<2x5x4x2xf32>, tensor<2x2x5x4x2xf32>)
  %e0 = tensor.empty() : tensor<2x4x6xi32>
  %b0 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%r#0 : tensor<2x4x6xf32>) outs(%e0 : tensor<2x4x6xi32>) {
  ^bb0(%x: f32, %y: i32):
    %z = arith.bitcast %x : f32 to i32
    linalg.yield %z : i32
  } -> tensor<2x4x6xi32>
  %e1 = tensor.empty() : tensor<4xi32>
  %b1 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%r#1 : tensor<4xf32>) outs(%e1 : tensor<4xi32>) {
  ^bb0(%x: f32, %y: i32):
    %z = arith.bitcast %x : f32 to i32
    linalg.yield %z : i32
  } -> tensor<4xi32>
  %e2 = tensor.empty() : tensor<8xi32>
  %b2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%r#2 : tensor<8xf32>) outs(%e2 : tensor<8xi32>) {
  ^bb0(%x: f32, %y: i32):
    %z = arith.bitcast %x : f32 to i32
    linalg.yield %z : i32
  } -> tensor<8xi32>
  %e3 = tensor.empty() : tensor<4x6xi32>
  %b3 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%r#3 : tensor<4x6xf32>) outs(%e3 : tensor<4x6xi32>) {
  ^bb0(%x: f32, %y: i32):
    %z = arith.bitcast %x : f32 to i32
    linalg.yield %z : i32
  } -> tensor<4x6xi32>
  %e4 = tensor.empty() : tensor<2x5x4x2xi32>
  %b4 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%r#4 : tensor<2x5x4x2xf32>) outs(%e4 : tensor<2x5x4x2xi32>) {
  ^bb0(%x: f32, %y: i32):
    %z = arith.bitcast %x : f32 to i32
    linalg.yield %z : i32
  } -> tensor<2x5x4x2xi32>
  %e5 = tensor.empty() : tensor<2x2x5x4x2xi32>
  %b5 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%r#5 : tensor<2x2x5x4x2xf32>) outs(%e5 : tensor<2x2x5x4x2xi32>) {
  ^bb0(%x: f32, %y: i32):
    %z = arith.bitcast %x : f32 to i32
    linalg.yield %z : i32
  } -> tensor<2x2x5x4x2xi32>
  return %b0, %b1, %b2, %b3, %b4, %b5 : tensor<2x4x6xi32>, tensor<4xi32>, tensor<8xi32>, tensor<4x6xi32>, tensor<2x5x4x2xi32>, tensor<2x2x5x4x2xi32>
}
