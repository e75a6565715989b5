#!/bin/sh
# Stands in for bench/gpu's mdh-baselines in lit tests of run.sh: fixed
# lines in its output format (jacobi3d_cuda failed its check, so run.sh
# must not use it as a bar).
echo 'device cc=9.0 sms=132 mem_gib=79.1 l2_mib=50.0 peak_gbps=3352.3 driver=13000 runtime=13000 name="Fake H100 80GB"'
echo 'baseline name=memcpy_d2d bytes=1073741824 ms=0.8000 gbps=2684.4 check=ok'
echo 'baseline name=copy_kernel bytes=1073741824 ms=0.7500 gbps=2863.3 check=ok'
echo 'baseline name=sgemv m=8192 n=8192 ms=0.1000 gflops=1342.2 gbps=2685.0 check=ok'
echo 'baseline name=cub_reduce n=67108864 ms=0.1000 gflops=671.1 gbps=2684.4 check=ok'
echo 'baseline name=cub_segreduce m=8192 n=8192 ms=0.2000 gflops=335.5 gbps=1342.3 check=ok'
echo 'baseline name=sgemv_ones m=8192 n=8192 ms=0.1000 gflops=671.1 gbps=2684.7 check=ok'
echo 'baseline name=jacobi3d_cuda n=512 ms=0.0100 gflops=93952.4 gbps=108005.8 check=FAIL'
echo 'baseline name=sgemm m=4096 n=4096 k=4096 ms=3.0000 gflops=45813.0 gbps=67.1 check=ok'
